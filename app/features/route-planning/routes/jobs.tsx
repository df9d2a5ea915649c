import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DateField } from "../../../components/dates";
import { Pagination, SearchBox, SortHeader } from "../../../components/ListControls";
import { StatusBadge } from "../components/fields";
import { jobsListLoader } from "../route-planning.server";
import { JOBS_PATH } from "../paths";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return jobsListLoader(context, request);
}

export default function JobsList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  const [params] = useSearchParams();
  const { page, filter, canWrite } = loaderData;
  const created = params.get("created");
  const imported = params.get("imported");
  return (
    <section>
      <header className="page-header">
        <h1>{t("jobs.title")}</h1>
        {canWrite && (
          <div className="form-actions">
            <Link to={`${JOBS_PATH}/import`} className="button" data-testid="import-jobs">
              {t("jobs.import")}
            </Link>
            <Link to={`${JOBS_PATH}/add`} className="button primary" data-testid="add-job">
              {t("jobs.add")}
            </Link>
          </div>
        )}
      </header>
      {created && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("jobs.created", { count: Number(created) })}
        </div>
      )}
      {imported && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("jobs.imported", { count: Number(imported) })}
        </div>
      )}
      {params.has("deleted") && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("jobs.deleted")}
        </div>
      )}
      <SearchBox placeholder={t("jobs.search")}>
        <label>
          {t("filter.from")} <DateField name="from" defaultValue={filter.from ?? ""} />
        </label>
        <label>
          {t("filter.to")} <DateField name="to" defaultValue={filter.to ?? ""} />
        </label>
        <label>
          {t("fields.status")}{" "}
          <select name="status" defaultValue={filter.status ?? ""}>
            <option value="">{t("filter.anyStatus")}</option>
            {["not_started", "started", "finished"].map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </SearchBox>
      <table className="table" data-testid="jobs-table">
        <thead>
          <tr>
            <SortHeader column="date" label={t("fields.scheduled_date")} />
            <th>{t("fields.window")}</th>
            <SortHeader column="name" label={t("fields.name")} />
            <th>{t("fields.address")}</th>
            <th>{t("fields.driver")}</th>
            <SortHeader column="vehicle" label={t("fields.vehicle")} />
            <SortHeader column="status" label={t("fields.status")} />
          </tr>
        </thead>
        <tbody>
          {page.items.map((j) => (
            <tr key={j.id} data-job={j.id}>
              <td>{j.scheduled_date}</td>
              <td>
                {j.scheduled_arrival.slice(0, 5)}–{j.scheduled_departure.slice(0, 5)}
              </td>
              <td>
                <Link to={`${JOBS_PATH}/edit/${j.id}`}>{j.name}</Link>
              </td>
              <td title={`${j.latitude.toFixed(5)}, ${j.longitude.toFixed(5)}`} data-testid="job-address">
                {j.address ?? j.located_at}
              </td>
              <td>{j.driver_name ?? <span className="muted">{t("common.unassigned")}</span>}</td>
              <td>{j.vehicle_registration ?? <span className="muted">{t("common.unassigned")}</span>}</td>
              <td>
                <StatusBadge status={j.status} />
              </td>
            </tr>
          ))}
          {!page.items.length && (
            <tr>
              <td colSpan={7} className="muted">
                {t("jobs.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
