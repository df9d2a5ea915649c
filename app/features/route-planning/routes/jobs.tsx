import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { DateField } from "../../../components/dates";
import { SearchBox } from "../../../components/ListControls";
import { ListPage, Notice } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
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
  const unassigned = <span className="muted">{t("common.unassigned")}</span>;
  return (
    <ListPage
      title={t("jobs.title")}
      add={canWrite && { to: `${JOBS_PATH}/add`, label: t("jobs.add"), testId: "add-job" }}
      actions={
        canWrite && (
          <Link to={`${JOBS_PATH}/import`} className="button" data-testid="import-jobs">
            {t("jobs.import")}
          </Link>
        )
      }
      notices={
        <>
          {created && <Notice testId="notice">{t("jobs.created", { count: Number(created) })}</Notice>}
          {imported && <Notice testId="notice">{t("jobs.imported", { count: Number(imported) })}</Notice>}
          {params.has("deleted") && <Notice testId="notice">{t("jobs.deleted")}</Notice>}
        </>
      }
      filters={
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
      }
      page={page}
    >
      <RecordTable
        testId="jobs-table"
        rows={page.items}
        rowKey={(j) => j.id}
        rowProps={(j) => ({ "data-job": j.id })}
        empty={t("jobs.empty")}
        columns={[
          { header: t("fields.scheduled_date"), sort: "date", cell: (j) => j.scheduled_date },
          {
            header: t("fields.window"),
            cell: (j) => `${j.scheduled_arrival.slice(0, 5)}–${j.scheduled_departure.slice(0, 5)}`,
          },
          {
            header: t("fields.name"),
            sort: "name",
            cell: (j) => <Link to={`${JOBS_PATH}/edit/${j.id}`}>{j.name}</Link>,
          },
          {
            header: t("fields.address"),
            cell: (j) => j.address ?? j.located_at,
            cellProps: (j) => ({
              title: `${j.latitude.toFixed(5)}, ${j.longitude.toFixed(5)}`,
              "data-testid": "job-address",
            }),
          },
          { header: t("fields.driver"), cell: (j) => j.driver_name ?? unassigned },
          { header: t("fields.vehicle"), sort: "vehicle", cell: (j) => j.vehicle_registration ?? unassigned },
          { header: t("fields.status"), sort: "status", cell: (j) => <StatusBadge status={j.status} /> },
        ]}
      />
    </ListPage>
  );
}
