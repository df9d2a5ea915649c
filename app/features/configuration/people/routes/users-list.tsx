import { useTranslation } from "react-i18next";
import type { Route } from "./+types/users-list";
import { PeopleListPage } from "../components/PeoplePages";
import { usersListLoader } from "../people.server";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => usersListLoader(request, context);

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
