import { redirect } from "react-router";
import { placesService as places, geofenceInputSchema, poiInputSchema } from "../../../server/modules/places";
import { formAction, intent } from "../../lib/forms.server";
import { mapConfigFrom } from "../../lib/map/basemap.server";
import { idParam, load, requirePermission, requireUser, type LoadContext } from "../../lib/route-kit.server";
import { can } from "../../lib/permissions";

type Kind = "poi" | "geofence";
const LIST = { poi: "/places/points", geofence: "/places/geofences" } as const;
const EDIT = { poi: "/places/edit-poi", geofence: "/places/edit-geofence" } as const;
const SCHEMA = { poi: poiInputSchema, geofence: geofenceInputSchema } as const;

const mapProps = (context: LoadContext) => ({
  mapConfig: mapConfigFrom(context),
  exposeMap: context.app.config.NODE_ENV !== "production",
});

export async function addPlaceLoader(context: LoadContext, request: Request, kind: Kind) {
  const p = requirePermission(context, request, "places:write");
  return { categories: await places.placeCategories(context.app, p, kind), ...mapProps(context) };
}

export async function addPlaceAction(context: LoadContext, request: Request, kind: Kind) {
  const p = requirePermission(context, request, "places:write");
  return formAction(
    { request, context },
    {
      save: intent({
        schema: SCHEMA[kind],
        run: async ({ value }) => {
          const place =
            kind === "poi"
              ? await places.createPoi(context.app, p, value)
              : await places.createGeofence(context.app, p, value);
          return redirect(`${EDIT[kind]}/${place.id}?created=1`);
        },
      }),
    },
  );
}

export async function editPlaceLoader(context: LoadContext, request: Request, kind: Kind, rawId: string | undefined) {
  const p = requirePermission(context, request, "places:read");
  const place = await load(() => places.getPlace(context.app, p, kind, idParam(rawId)));
  const canWrite = can(p, "places:write");
  return {
    place,
    version: place.updated_at ?? "",
    categories: await places.placeCategories(context.app, p, kind),
    canWrite,
    confirmDelete: canWrite && new URL(request.url).searchParams.get("delete") === "1",
    ...mapProps(context),
  };
}

export async function editPlaceAction(context: LoadContext, request: Request, kind: Kind, rawId: string | undefined) {
  const p = requireUser(context, request);
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      save: intent({
        schema: SCHEMA[kind],
        // The service checks the fields itself, after finding the place (another organisation's id answers 404 first).
        serviceParses: true,
        run: async ({ value }) => {
          if (kind === "poi") await places.updatePoi(context.app, p, id, value);
          else await places.updateGeofence(context.app, p, id, value);
          return redirect(`${EDIT[kind]}/${id}?saved=1`);
        },
      }),
      delete: intent({
        run: async () => {
          await places.deletePlace(context.app, p, kind, id);
          return redirect(`${LIST[kind]}?deleted=1`);
        },
      }),
    },
  );
}
