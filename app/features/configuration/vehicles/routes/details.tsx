import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DeleteConfirm } from "../../../../components/DeleteConfirm";
import { formFailure } from "../../../../lib/form-failure";
import { VehicleForm } from "../components/VehicleForm";
import { VehicleImages } from "../components/VehicleImages";
import { vehicleDetailsAction, vehicleDetailsLoader } from "../vehicles.server";
import type { Route } from "./+types/details";
import { FormPage } from "../../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ params, ...args }: Route.LoaderArgs) {
  return vehicleDetailsLoader(args, params.id);
}
export function action({ params, ...args }: Route.ActionArgs) {
  return vehicleDetailsAction(args, params.id);
}

const NOTICES: Record<string, string> = {
  created: "details.created",
  saved: "details.saved",
  "images=added": "images.added",
  "images=deleted": "images.deleted",
};

export default function VehicleDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  const [params] = useSearchParams();
  const d = loaderData;
  const saveFailure = formFailure(actionData, "save");
  const imagesFailure = formFailure(actionData, "upload") ?? formFailure(actionData, "delete-image");
  const deleteFailure = formFailure(actionData, "delete");
  const notice = Object.entries(NOTICES).find(([key]) =>
    key.includes("=") ? `images=${params.get("images")}` === key : params.has(key),
  )?.[1];
  return (
    <FormPage
      title={t("details.title", { registration: d.registration })}
      back={{ to: "/configuration/vehicles/list", label: t("details.back") }}
      className="stack"
    >
      {notice && !actionData && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(notice)}
        </div>
      )}
      {!d.canWrite && (
        <p className="muted" data-testid="read-only">
          {t("details.readOnly")}
        </p>
      )}
      <VehicleForm
        key={d.version}
        result={saveFailure?.reply}
        code={saveFailure?.code}
        defaultValue={d.values}
        teams={d.teams}
        drivers={d.drivers}
        readOnly={!d.canWrite}
        submitLabel={t("common:actions.save")}
      />
      <VehicleImages
        vehicleId={d.id}
        registration={d.registration}
        images={d.images}
        canWrite={d.canWrite}
        code={imagesFailure?.code}
      />
      {d.canDelete && (
        <DeleteConfirm
          confirming={d.confirmDelete || Boolean(deleteFailure)}
          label={t("details.delete")}
          question={t("details.confirmDelete", { registration: d.registration })}
          code={deleteFailure?.code}
        />
      )}
    </FormPage>
  );
}
