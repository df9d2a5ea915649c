import { useTranslation } from "react-i18next";
import { listPeople } from "../../../../../server/modules/users/users.service";
import { listQueryFrom, load, requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/drivers-list";
import { can } from "../../../../lib/permissions";
import { fullName, PeopleListPage } from "../components/PeoplePages";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "drivers:read");
  const page = await load(() => listPeople(context.app, p, "drivers", listQueryFrom(request)));
  return {
    page: {
      ...page,
      items: page.items.map((d) => ({
        id: d.id,
        name: fullName(d),
        phone: d.phone,
        personal_number: d.personal_number,
        team: d.team_name,
        vehicles: d.vehicle_registrations,
      })),
    },
    canWrite: can(p, "drivers:write"),
  };
}

export default function DriversList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("people");
  return (
    <PeopleListPage
      area="drivers"
      {...loaderData}
      columns={[
        { header: t("fields.name"), sort: "name", cell: (d) => d.name },
        { header: t("fields.phone"), sort: "phone", cell: (d) => d.phone ?? t("common:none") },
        {
          header: t("fields.personal_number"),
          sort: "personalNumber",
          cell: (d) => d.personal_number ?? t("common:none"),
        },
        { header: t("fields.team"), sort: "team", cell: (d) => d.team ?? t("common:none") },
        { header: t("fields.vehicle"), sort: "vehicle", cell: (d) => d.vehicles ?? t("common:none") },
      ]}
      editPath={(id) => `/configuration/drivers/edit/${id}`}
    />
  );
}
