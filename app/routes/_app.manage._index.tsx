import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { teamOptions } from "../../server/modules/teams/teams.service";
import { vehicleFilterSchema, VEHICLE_CATEGORIES } from "../../server/modules/vehicles/vehicles.schema";
import { listVehicles } from "../../server/modules/vehicles/vehicles.service";
import { Pagination, SearchBox, SortHeader } from "../components/ListControls";
import { listQueryFrom, load, requirePermission } from "../lib/route-kit.server";
import type { Route } from "./+types/_app.manage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "manage:read");
  const url = new URL(request.url);
  const filter = vehicleFilterSchema.parse(Object.fromEntries(url.searchParams));
  const canList = p.permissions.has("vehicles:read");
  const [page, teams] = await Promise.all([
    canList ? load(() => listVehicles(context.app, p, listQueryFrom(request), filter)) : null,
    teamOptions(context.app, p),
  ]);
  return { page, teams };
}

export default function Manage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("manage");
  const [params] = useSearchParams();
  const { page, teams } = loaderData;
  return (
    <section>
      <header className="page-header">
        <h1>{t("title")}</h1>
        <p className="muted">{t("intro")}</p>
      </header>
      <SearchBox>
        <select name="team" defaultValue={params.get("team") ?? ""} aria-label={t("team")}>
          <option value="">{t("allTeams")}</option>
          {teams.map((team) => <option key={team.id} value={team.id}>{team.name}</option>)}
        </select>
        <select name="category" defaultValue={params.get("category") ?? ""} aria-label={t("category")}>
          <option value="">{t("allCategories")}</option>
          {VEHICLE_CATEGORIES.map((c) => <option key={c} value={c}>{t(`common:categories.${c}`)}</option>)}
        </select>
      </SearchBox>
      {page && (
        <>
          <table className="table" data-testid="fleet-table">
            <thead>
              <tr>
                <SortHeader column="registration" label={t("registration")} />
                <SortHeader column="category" label={t("category")} />
                <SortHeader column="team" label={t("team")} />
                <th>{t("driver")}</th>
                <th>{t("device")}</th>
                <th>{t("status")}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((v) => (
                <tr key={v.id}>
                  <td>{v.registration}</td>
                  <td>{t(`common:categories.${v.category}`)}</td>
                  <td>{v.team_name ?? t("common:none")}</td>
                  <td>{v.driver_name ?? t("common:none")}</td>
                  <td>{v.device_imei ?? t("noDevice")}</td>
                  <td><span className="status status-unknown">{t("common:vehicleStatus.Unknown")}</span></td>
                </tr>
              ))}
              {page.items.length === 0 && <tr><td colSpan={6} className="muted">{t("common:list.noResults")}</td></tr>}
            </tbody>
          </table>
          <Pagination page={page.page} pages={page.pages} total={page.total} />
        </>
      )}
    </section>
  );
}
