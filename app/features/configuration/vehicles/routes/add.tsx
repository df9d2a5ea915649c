import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { addVehicleAction, addVehicleLoader } from "../vehicles.server";
import { VehicleForm } from "../components/VehicleForm";
import type { Route } from "./+types/add";
import { FormPage } from "../../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader(args: Route.LoaderArgs) {
  return addVehicleLoader(args);
}
export function action(args: Route.ActionArgs) {
  return addVehicleAction(args);
}

export default function AddVehicle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  return (
    <FormPage
      title={t("add.title")}
      back={{ to: "/configuration/vehicles/list", label: t("details.back") }}
      actionData={actionData}
    >
      {(failure) => (
        <VehicleForm
          result={failure?.reply}
          code={failure?.code}
          defaultValue={{ team_id: loaderData.defaultTeam, ...loaderData.device }}
          teams={loaderData.teams}
          drivers={loaderData.drivers}
          withImages
          submitLabel={t("add.submit")}
        >
          <Link to="/configuration/vehicles/list" className="button">
            {t("common:actions.cancel")}
          </Link>
        </VehicleForm>
      )}
    </FormPage>
  );
}
