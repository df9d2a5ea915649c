import { useTranslation } from "react-i18next";
import type { Route } from "./+types/drivers-list";
import { PeopleListPage } from "../components/PeoplePages";
import { driversListLoader } from "../people.server";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => driversListLoader(request, context);

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
