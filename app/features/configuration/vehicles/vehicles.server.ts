import { redirect } from "react-router";
import { teamOptions } from "../../../../server/modules/teams";
import {
  DEVICE_PROTOCOLS,
  vehicleInputSchema,
  addVehicleImages,
  createVehicle,
  deleteVehicle,
  deleteVehicleImage,
  driverOptions,
  getVehicle,
  updateVehicle,
  getVehicleImage,
  listVehicles,
  vehicleFilterSchema,
} from "../../../../server/modules/vehicles";
import { assertUploadSize, formAction, intent, readImages, refuse } from "../../../lib/forms.server";
import { can } from "../../../lib/permissions";
import {
  idParam,
  load,
  requirePermission,
  requireUser,
  type LoadContext,
  listQueryFrom,
} from "../../../lib/route-kit.server";
import { vehicleFormValues } from "./components/VehicleForm";

type Args = { request: Request; context: LoadContext };
const details = (id: string) => `/configuration/vehicles/details/${id}`;

/** The form shows NUMERIC columns with their stored scale, as the database writes them ("8.50", not 8.5). */
const SCALE = {
  fuel_consumption: 2,
  tank_volume: 1,
  purchase_price: 2,
  estimated_consumption: 2,
  odometer_km: 1,
} as const;
function withStoredScale(v: Record<keyof typeof SCALE, number | null>) {
  return Object.fromEntries(Object.entries(SCALE).map(([k, d]) => [k, v[k as keyof typeof SCALE]?.toFixed(d) ?? null]));
}

/** The add page: teams and drivers to choose from; a user of one team gets it preselected. */
export async function addVehicleLoader({ request, context }: Args) {
  const p = requirePermission(context, request, "vehicles:write");
  const [teams, drivers] = await Promise.all([teamOptions(context.app, p), driverOptions(context.app, p)]);
  // Prefill from the device faults page ("add as vehicle"): the refused device's identifier and protocol.
  const query = new URL(request.url).searchParams;
  const protocol = query.get("device_protocol") ?? "";
  return {
    teams,
    drivers,
    defaultTeam: p.teamIds !== "all" && p.teamIds.length === 1 ? p.teamIds[0] : undefined,
    device: {
      device_imei: (query.get("device_imei") ?? "").slice(0, 64) || undefined,
      device_protocol: (DEVICE_PROTOCOLS as readonly string[]).includes(protocol) ? protocol : undefined,
    },
  };
}

export async function addVehicleAction({ request, context }: Args) {
  const p = requirePermission(context, request, "vehicles:write");
  assertUploadSize(request, context);
  return formAction(
    { request, context },
    {
      save: intent({
        schema: vehicleInputSchema,
        run: async ({ value, form }) => {
          const v = await createVehicle(context.app, p, value, await readImages(form));
          return redirect(`${details(v.id)}?created=1`);
        },
      }),
    },
  );
}

/** The details page: the vehicle as form values, its images, and what the user may do with it. */
export async function vehicleDetailsLoader({ request, context }: Args, rawId: string | undefined) {
  const p = requirePermission(context, request, "vehicles:read");
  const id = idParam(rawId);
  const vehicle = await load(() => getVehicle(context.app, p, id));
  const [teams, drivers] = await Promise.all([
    teamOptions(context.app, p),
    driverOptions(context.app, p, vehicle.driver_id),
  ]);
  const canDelete = can(p, "vehicles:delete");
  return {
    id: vehicle.id,
    registration: vehicle.registration,
    version: vehicle.updated_at,
    values: vehicleFormValues({ ...vehicle, ...withStoredScale(vehicle) }),
    images: vehicle.images.map((i) => ({ id: i.id })),
    teams,
    drivers,
    canWrite: can(p, "vehicles:write"),
    canDelete,
    confirmDelete: canDelete && new URL(request.url).searchParams.get("delete") === "1",
  };
}

/** The details page's buttons: save the form, delete the vehicle, upload images, delete one image. */
export async function vehicleDetailsAction({ request, context }: Args, rawId: string | undefined) {
  const p = requireUser(context, request);
  const id = idParam(rawId);
  assertUploadSize(request, context);
  return formAction(
    { request, context },
    {
      save: intent({
        schema: vehicleInputSchema,
        run: async ({ value }) => {
          await updateVehicle(context.app, p, id, value);
          return redirect(`${details(id)}?saved=1`);
        },
      }),
      delete: intent({
        run: async () => {
          await deleteVehicle(context.app, p, id);
          return redirect("/configuration/vehicles/list");
        },
      }),
      upload: intent({
        run: async ({ form }) => {
          const images = await readImages(form);
          if (!images.length) return refuse("upload", "required");
          await addVehicleImages(context.app, p, id, images);
          return redirect(`${details(id)}?images=added`);
        },
      }),
      "delete-image": intent({
        run: async ({ form }) => {
          await deleteVehicleImage(context.app, p, id, idParam(String(form.get("imageId") ?? "")));
          return redirect(`${details(id)}?images=deleted`);
        },
      }),
    },
  );
}

type Params = Record<string, string | undefined>;

/** Image bytes for the details page; the service checks permission, organisation, team and vehicle list. */
export async function vehicleImageLoader(request: Request, context: LoadContext, params: Params) {
  const p = requirePermission(context, request, "vehicles:read");
  const img = await load(() => getVehicleImage(context.app, p, idParam(params.id), idParam(params.imageId)));
  return new Response(new Uint8Array(img.data), {
    headers: {
      "Content-Type": img.content_type,
      "Content-Length": String(img.data.length),
      "Cache-Control": "private, max-age=3600",
      "Content-Disposition": "inline",
    },
  });
}

export async function vehiclesListLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "vehicles:read");
  const filter = vehicleFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, teams] = await Promise.all([
    load(() => listVehicles(context.app, p, listQueryFrom(request), filter)),
    teamOptions(context.app, p),
  ]);
  return { page, teams, canWrite: can(p, "vehicles:write") };
}
