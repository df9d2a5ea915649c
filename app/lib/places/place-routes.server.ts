import { data, redirect } from "react-router";
import type { ZodType } from "zod";
import { AppError } from "../../../server/errors";
import { geofenceInputSchema, poiInputSchema } from "../../../server/modules/places/places.schema";
import * as places from "../../../server/modules/places/places.service";
import { parseTextFields, serviceFailure, validationFailure } from "../../components/vehicles/form-actions.server";
import { mapConfigFrom } from "../map/basemap.server";
import { refusal, idParam, load, readForm, requirePermission, requireUser, type LoadContext } from "../route-kit.server";

type Kind = "poi" | "geofence";
const LIST = { poi: "/places/points", geofence: "/places/geofences" } as const;
const EDIT = { poi: "/places/edit-poi", geofence: "/places/edit-geofence" } as const;

const mapProps = (context: LoadContext) => ({ mapConfig: mapConfigFrom(context), exposeMap: context.app.config.NODE_ENV !== "production" });

export async function addPlaceLoader(context: LoadContext, request: Request, kind: Kind) {
  const p = requirePermission(context, request, "places:write");
  return { categories: await places.placeCategories(context.app, p, kind), ...mapProps(context) };
}

export async function addPlaceAction(context: LoadContext, request: Request, kind: Kind) {
  const p = requirePermission(context, request, "places:write");
  const form = await readForm(request, context);
  const submission = parseTextFields(form, (kind === "poi" ? poiInputSchema : geofenceInputSchema) as ZodType<unknown>);
  if (submission.status !== "success") return validationFailure(submission);
  try {
    const place = kind === "poi" ? await places.createPoi(context.app, p, submission.value as never) : await places.createGeofence(context.app, p, submission.value as never);
    return redirect(`${EDIT[kind]}/${place.id}?created=1`);
  } catch (err) {
    return serviceFailure(submission, err);
  }
}

export async function editPlaceLoader(context: LoadContext, request: Request, kind: Kind, rawId: string | undefined) {
  const p = requirePermission(context, request, "places:read");
  const place = await load(() => places.getPlace(context.app, p, kind, idParam(rawId)));
  const canWrite = p.permissions.has("places:write");
  return {
    place,
    version: String(place.updated_at as unknown),
    categories: await places.placeCategories(context.app, p, kind),
    canWrite,
    confirmDelete: canWrite && new URL(request.url).searchParams.get("delete") === "1",
    ...mapProps(context),
  };
}

export async function editPlaceAction(context: LoadContext, request: Request, kind: Kind, rawId: string | undefined) {
  const p = requireUser(context, request);
  const id = idParam(rawId);
  const form = await readForm(request, context);
  if (form.get("intent") === "delete") {
    try {
      await places.deletePlace(context.app, p, kind, id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === "NOT_FOUND") throw data({ error: err.code }, { status: 404 });
      return refusal({ deleteCode: err.code as string }, err);
    }
    return redirect(`${LIST[kind]}?deleted=1`);
  }
  // Another organisation's id answers 404 before the form is even validated.
  await load(() => places.getPlace(context.app, p, kind, id));
  const submission = parseTextFields(form, (kind === "poi" ? poiInputSchema : geofenceInputSchema) as ZodType<unknown>);
  if (submission.status !== "success") return validationFailure(submission);
  try {
    if (kind === "poi") await places.updatePoi(context.app, p, id, submission.value as never);
    else await places.updateGeofence(context.app, p, id, submission.value as never);
  } catch (err) {
    return serviceFailure(submission, err);
  }
  return redirect(`${EDIT[kind]}/${id}?saved=1`);
}
