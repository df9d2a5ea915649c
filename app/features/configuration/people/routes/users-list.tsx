import { useTranslation } from "react-i18next";
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
      columns={[
        { header: t("fields.name"), sort: "name", cell: (u) => u.name },
        { header: t("fields.email"), sort: "email", cell: (u) => u.email ?? t("common:none") },
        { header: t("fields.role"), sort: "role", cell: (u) => u.role },
        { header: t("fields.team"), sort: "team", cell: (u) => u.team ?? t("common:none") },
        { header: t("fields.last_login"), sort: "lastLogin", cell: (u) => u.lastLogin ?? t("common:none") },
        {
          header: t("fields.status"),
          cell: (u) =>
            `${u.active ? t("users.active") : t("users.inactive")}${u.webOnly ? ` · ${t("users.webOnly")}` : ""}`,
        },
      ]}
      editPath={(id) => `/configuration/users/update/${id}`}
    />
  );
}
