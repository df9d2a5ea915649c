import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Pagination, SearchBox, SortHeader } from "../../../../components/ListControls";
import { listPeople } from "../../../../../server/modules/users/users.service";
import { orgTimeZone } from "../../../../../server/modules/organization/organization.service";
import { formatInstant } from "../../../../lib/dates";
import { listQueryFrom, load, requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/users-list";
import { can } from "../../../../lib/permissions";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "users:read");
  const [page, timeZone] = await Promise.all([load(() => listPeople(context.app, p, "users", listQueryFrom(request))), orgTimeZone(context.app, p.orgId)]);
  return {
    page: {
      ...page,
      items: page.items.map((u) => ({
        id: u.id, name: [u.first_name, u.middle_name, u.last_name].filter(Boolean).join(" "), email: u.email, role: u.role_name,
        team: u.team_name, active: u.active, webOnly: u.web_only,
        lastLogin: u.last_login_at ? formatInstant(u.last_login_at, timeZone) : null,
      })),
    },
    canWrite: can(p, "users:write"),
  };
}

export default function UsersList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("people");
  const [params] = useSearchParams();
  const { page, canWrite } = loaderData;
  return (
    <section>
      <header className="page-header">
        <h1>{t("users.title")}</h1>
        {canWrite && <Link to="/configuration/users/add" className="button primary">{t("users.add")}</Link>}
      </header>
      {params.get("saved") && <div className="alert alert-ok" role="status">{t("common:saved")}</div>}
      {params.get("deleted") && <div className="alert alert-ok" role="status">{t("common:deleted")}</div>}
      <SearchBox placeholder={t("users.search")} />
      <table className="table" data-testid="users-table">
        <thead>
          <tr>
            <SortHeader column="name" label={t("fields.name")} />
            <SortHeader column="email" label={t("fields.email")} />
            <SortHeader column="role" label={t("fields.role")} />
            <SortHeader column="team" label={t("fields.team")} />
            <SortHeader column="lastLogin" label={t("fields.last_login")} />
            <th>{t("fields.status")}</th>
            <th><span className="visually-hidden">{t("list.actions")}</span></th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((u) => (
            <tr key={u.id}>
              <td>{u.name}</td>
              <td>{u.email ?? t("common:none")}</td>
              <td>{u.role}</td>
              <td>{u.team ?? t("common:none")}</td>
              <td>{u.lastLogin ?? t("common:none")}</td>
              <td>{u.active ? t("users.active") : t("users.inactive")}{u.webOnly ? ` · ${t("users.webOnly")}` : ""}</td>
              <td className="table-actions">
                <Link to={`/configuration/users/update/${u.id}`}>{canWrite ? t("common:actions.edit") : t("common:actions.open")}</Link>
              </td>
            </tr>
          ))}
          {page.items.length === 0 && <tr><td colSpan={7} className="muted">{params.get("q") ? t("common:list.noResults") : t("common:list.empty")}</td></tr>}
        </tbody>
      </table>
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
