import { useTranslation } from "react-i18next";
import { SortHeader } from "../../../../components/ListControls";
import { listPeople } from "../../../../../server/modules/users/users.service";
import { orgTimeZone } from "../../../../../server/modules/organization/organization.service";
import { formatInstant } from "../../../../lib/dates";
import { listQueryFrom, load, requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/users-list";
import { can } from "../../../../lib/permissions";
import { fullName, PeopleListPage } from "../components/PeoplePages";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "users:read");
  const [page, timeZone] = await Promise.all([
    load(() => listPeople(context.app, p, "users", listQueryFrom(request))),
    orgTimeZone(context.app, p.orgId),
  ]);
  return {
    page: {
      ...page,
      items: page.items.map((u) => ({
        id: u.id,
        name: fullName(u),
        email: u.email,
        role: u.role_name,
        team: u.team_name,
        active: u.active,
        webOnly: u.web_only,
        lastLogin: u.last_login_at ? formatInstant(u.last_login_at, timeZone) : null,
      })),
    },
    canWrite: can(p, "users:write"),
  };
}

export default function UsersList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("people");
  return (
    <PeopleListPage
      area="users"
      {...loaderData}
      columns={6}
      headers={
        <>
          <SortHeader column="name" label={t("fields.name")} />
          <SortHeader column="email" label={t("fields.email")} />
          <SortHeader column="role" label={t("fields.role")} />
          <SortHeader column="team" label={t("fields.team")} />
          <SortHeader column="lastLogin" label={t("fields.last_login")} />
          <th>{t("fields.status")}</th>
        </>
      }
      cells={(u) => (
        <>
          <td>{u.name}</td>
          <td>{u.email ?? t("common:none")}</td>
          <td>{u.role}</td>
          <td>{u.team ?? t("common:none")}</td>
          <td>{u.lastLogin ?? t("common:none")}</td>
          <td>
            {u.active ? t("users.active") : t("users.inactive")}
            {u.webOnly ? ` · ${t("users.webOnly")}` : ""}
          </td>
        </>
      )}
      editPath={(id) => `/configuration/users/update/${id}`}
    />
  );
}
