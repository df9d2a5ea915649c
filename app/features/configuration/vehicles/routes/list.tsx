import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { teamOptions } from "../../../../../server/modules/teams/teams.service";
import { vehicleFilterSchema, VEHICLE_CATEGORIES } from "../../../../../server/modules/vehicles/vehicles.schema";
import { listVehicles } from "../../../../../server/modules/vehicles/vehicles.service";
import { Pagination, SearchBox, SortHeader } from "../../../../components/ListControls";
import { listQueryFrom, load, requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/list";
import { can } from "../../../../lib/permissions";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "vehicles:read");
  const filter = vehicleFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, teams] = await Promise.all([
    load(() => listVehicles(context.app, p, listQueryFrom(request), filter)),
    teamOptions(context.app, p),
  ]);
  return { page, teams, canWrite: can(p, "vehicles:write") };
}

export default function VehicleList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  const [params] = useSearchParams();
  const { page, teams, canWrite } = loaderData;
  return (
    <section>
      <header className="page-header">
        <h1>{t("list.title")}</h1>
        {canWrite && (
          <Link to="/configuration/vehicles/add" className="button primary" data-testid="add-vehicle">
            {t("list.add")}
          </Link>
        )}
      </header>
      <SearchBox placeholder={t("list.searchPlaceholder")}>
        <select name="category" defaultValue={params.get("category") ?? ""} aria-label={t("fields.category")}>
          <option value="">{t("list.allCategories")}</option>
          {VEHICLE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </select>
        <select name="team" defaultValue={params.get("team") ?? ""} aria-label={t("fields.team_id")}>
          <option value="">{t("list.allTeams")}</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
      </SearchBox>
      <table className="table" data-testid="vehicles-table">
        <thead>
          <tr>
            <SortHeader column="registration" label={t("fields.registration")} />
            <SortHeader column="category" label={t("fields.category")} />
            <SortHeader column="name" label={t("fields.identifier_name")} />
            <SortHeader column="fleet" label={t("fields.fleet_number")} />
            <SortHeader column="team" label={t("fields.team_id")} />
            <th>{t("fields.driver_id")}</th>
            <SortHeader column="year" label={t("fields.vehicle_year")} />
            <th>{t("list.device")}</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((v) => (
            <tr key={v.id}>
              <td>
                <Link to={`/configuration/vehicles/details/${v.id}`}>{v.registration}</Link>
              </td>
              <td>{t(`categories.${v.category}`)}</td>
              <td>{v.identifier_name ?? t("common:none")}</td>
              <td>{v.fleet_number ?? t("common:none")}</td>
              <td>{v.team_name ?? t("common:none")}</td>
              <td>{v.driver_name ?? t("common:none")}</td>
              <td>{v.vehicle_year ?? t("common:none")}</td>
              <td>{v.device_imei ?? t("list.noDevice")}</td>
            </tr>
          ))}
          {page.items.length === 0 && (
            <tr>
              <td colSpan={8} className="muted">
                {t(
                  params.get("q") || params.get("team") || params.get("category")
                    ? "common:list.noResults"
                    : "common:list.empty",
                )}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
