import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Pagination, SearchBox, SortHeader } from "../../../../components/ListControls";
import { listPeople } from "../../../../../server/modules/users/users.service";
import { listQueryFrom, load, requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/drivers-list";
import { can } from "../../../../lib/permissions";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "drivers:read");
  const page = await load(() => listPeople(context.app, p, "drivers", listQueryFrom(request)));
  return {
    page: { ...page, items: page.items.map((d) => ({ id: d.id, name: [d.first_name, d.middle_name, d.last_name].filter(Boolean).join(" "), phone: d.phone, personal_number: d.personal_number, team: d.team_name, vehicles: d.vehicle_registrations })) },
    canWrite: can(p, "drivers:write"),
  };
}

export default function DriversList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("people");
  const [params] = useSearchParams();
  const { page, canWrite } = loaderData;
  return (
    <section>
      <header className="page-header">
        <h1>{t("drivers.title")}</h1>
        {canWrite && <Link to="/configuration/drivers/add" className="button primary">{t("drivers.add")}</Link>}
      </header>
      {params.get("saved") && <div className="alert alert-ok" role="status">{t("common:saved")}</div>}
      {params.get("deleted") && <div className="alert alert-ok" role="status">{t("common:deleted")}</div>}
      <SearchBox placeholder={t("drivers.search")} />
      <table className="table" data-testid="drivers-table">
        <thead>
          <tr>
            <SortHeader column="name" label={t("fields.name")} />
            <SortHeader column="phone" label={t("fields.phone")} />
            <SortHeader column="personalNumber" label={t("fields.personal_number")} />
            <SortHeader column="team" label={t("fields.team")} />
            <SortHeader column="vehicle" label={t("fields.vehicle")} />
            <th><span className="visually-hidden">{t("list.actions")}</span></th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((d) => (
            <tr key={d.id}>
              <td>{d.name}</td>
              <td>{d.phone ?? t("common:none")}</td>
              <td>{d.personal_number ?? t("common:none")}</td>
              <td>{d.team ?? t("common:none")}</td>
              <td>{d.vehicles ?? t("common:none")}</td>
              <td className="table-actions">
                <Link to={`/configuration/drivers/edit/${d.id}`}>{canWrite ? t("common:actions.edit") : t("common:actions.open")}</Link>
              </td>
            </tr>
          ))}
          {page.items.length === 0 && <tr><td colSpan={6} className="muted">{params.get("q") ? t("common:list.noResults") : t("common:list.empty")}</td></tr>}
        </tbody>
      </table>
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
