import { useTranslation } from "react-i18next";
import { SortHeader } from "../../../../components/ListControls";
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
      columns={5}
      headers={
        <>
          <SortHeader column="name" label={t("fields.name")} />
          <SortHeader column="phone" label={t("fields.phone")} />
          <SortHeader column="personalNumber" label={t("fields.personal_number")} />
          <SortHeader column="team" label={t("fields.team")} />
          <SortHeader column="vehicle" label={t("fields.vehicle")} />
        </>
      }
      cells={(d) => (
        <>
          <td>{d.name}</td>
          <td>{d.phone ?? t("common:none")}</td>
          <td>{d.personal_number ?? t("common:none")}</td>
          <td>{d.team ?? t("common:none")}</td>
          <td>{d.vehicles ?? t("common:none")}</td>
        </>
      )}
      editPath={(id) => `/configuration/drivers/edit/${id}`}
    />
  );
}
