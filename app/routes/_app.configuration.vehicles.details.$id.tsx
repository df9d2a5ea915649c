import { useTranslation } from "react-i18next";
import { Link, data, redirect, useSearchParams } from "react-router";
import { AppError } from "../../server/errors";
import { teamOptions } from "../../server/modules/teams/teams.service";
import { vehicleInputSchema } from "../../server/modules/vehicles/vehicles.schema";
import {
  addVehicleImages, deleteVehicle, deleteVehicleImage, driverOptions, getVehicle, updateVehicle,
} from "../../server/modules/vehicles/vehicles.service";
import { DeleteConfirm } from "../components/vehicles/DeleteConfirm";
import { assertUploadSize, parseTextFields, readImages, serviceFailure, validationFailure } from "../components/vehicles/form-actions.server";
import { VehicleForm, vehicleFormValues } from "../components/vehicles/VehicleForm";
import { VehicleImages } from "../components/vehicles/VehicleImages";
import { refusal, idParam, load, readForm, requirePermission, requireUser } from "../lib/route-kit.server";
import type { Route } from "./+types/_app.configuration.vehicles.details.$id";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "vehicles:read");
  const id = idParam(params.id);
  const vehicle = await load(() => getVehicle(context.app, p, id));
  const [teams, drivers] = await Promise.all([teamOptions(context.app, p), driverOptions(context.app, p, vehicle.driver_id)]);
  const canDelete = p.permissions.has("vehicles:delete");
  return {
    id: vehicle.id,
    registration: vehicle.registration,
    version: String(vehicle.updated_at as unknown),
    values: vehicleFormValues(vehicle),
    images: vehicle.images.map((i) => ({ id: i.id })),
    teams,
    drivers,
    canWrite: p.permissions.has("vehicles:write"),
    canDelete,
    confirmDelete: canDelete && new URL(request.url).searchParams.get("delete") === "1",
  };
}

type Area = "images" | "delete";

function areaFailure(area: Area, err: unknown) {
  if (!(err instanceof AppError)) throw err;
  if (err.code === "NOT_FOUND") throw data({ error: err.code }, { status: 404 });
  return refusal({ area, code: err.code as string }, err);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const p = requireUser(context, request);
  const id = idParam(params.id);
  assertUploadSize(request, context);
  const form = await readForm(request, context);
  const here = `/configuration/vehicles/details/${id}`;
  const intent = form.get("intent");
  if (intent === "delete") {
    try {
      await deleteVehicle(context.app, p, id);
    } catch (err) {
      return areaFailure("delete", err);
    }
    return redirect("/configuration/vehicles/list");
  }
  if (intent === "upload") {
    const images = await readImages(form);
    if (!images.length) return data({ area: "images" as Area, code: "required" }, { status: 400 });
    try {
      await addVehicleImages(context.app, p, id, images);
    } catch (err) {
      return areaFailure("images", err);
    }
    return redirect(`${here}?images=added`);
  }
  if (intent === "delete-image") {
    try {
      await deleteVehicleImage(context.app, p, id, idParam(String(form.get("imageId") ?? "")));
    } catch (err) {
      return areaFailure("images", err);
    }
    return redirect(`${here}?images=deleted`);
  }
  const submission = parseTextFields(form, vehicleInputSchema);
  if (submission.status !== "success") return validationFailure(submission);
  try {
    await updateVehicle(context.app, p, id, submission.value);
  } catch (err) {
    return serviceFailure(submission, err);
  }
  return redirect(`${here}?saved=1`);
}

const NOTICES: Record<string, string> = { created: "details.created", saved: "details.saved", "images=added": "images.added", "images=deleted": "images.deleted" };

export default function VehicleDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  const [params] = useSearchParams();
  const d = loaderData;
  const saveResult = actionData && "reply" in actionData ? actionData : null;
  const areaResult = actionData && "area" in actionData ? actionData : null;
  const notice = Object.entries(NOTICES).find(([key]) => (key.includes("=") ? `images=${params.get("images")}` === key : params.has(key)))?.[1];
  return (
    <section className="stack">
      <header className="page-header">
        <h1>{t("details.title", { registration: d.registration })}</h1>
        <Link to="/configuration/vehicles/list">{t("details.back")}</Link>
      </header>
      {notice && !actionData && <div className="alert alert-ok" role="status" data-testid="notice">{t(notice)}</div>}
      {!d.canWrite && <p className="muted" data-testid="read-only">{t("details.readOnly")}</p>}
      <VehicleForm
        key={d.version}
        result={saveResult?.reply}
        code={saveResult?.code}
        defaultValue={d.values}
        teams={d.teams}
        drivers={d.drivers}
        readOnly={!d.canWrite}
        submitLabel={t("common:actions.save")}
      />
      <VehicleImages vehicleId={d.id} registration={d.registration} images={d.images} canWrite={d.canWrite} code={areaResult?.area === "images" ? areaResult.code : null} />
      {d.canDelete && (
        <DeleteConfirm
          confirming={d.confirmDelete || areaResult?.area === "delete"}
          label={t("details.delete")}
          question={t("details.confirmDelete", { registration: d.registration })}
          code={areaResult?.area === "delete" ? areaResult.code : null}
        />
      )}
    </section>
  );
}
