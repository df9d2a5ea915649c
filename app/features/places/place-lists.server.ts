import { listPlaces, placesService, placeFilterSchema } from "../../../server/modules/places";
import type { PlaceRow } from "./components/PlacesList";
import { mapConfigFrom } from "../../lib/map/basemap.server";
import { listQueryFrom, load, requirePermission, type LoadContext } from "../../lib/route-kit.server";
import { can } from "../../lib/permissions";

/** Loader data shared by the points and geofences lists. */
export async function loadPlacesList(context: LoadContext, request: Request, kind: "poi" | "geofence") {
  const p = requirePermission(context, request, "places:read");
  const filter = placeFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, categories] = await Promise.all([
    load(() => listPlaces(context.app, p, kind, listQueryFrom(request), filter)),
    load(() => placesService.placeCategories(context.app, p, kind)),
  ]);
  const items: PlaceRow[] = page.items.map((r) => ({
    id: r.id,
    name: r.name,
    category: r.category,
    city: r.city,
    latitude: r.latitude,
    longitude: r.longitude,
    icon: r.icon,
    icon_color: r.icon_color,
    shape: r.shape,
    radius_m: r.radius_m,
    vertices: r.polygon?.length ?? 0,
  }));
  return {
    page: { ...page, items },
    categories,
    canWrite: can(p, "places:write"),
    mapConfig: mapConfigFrom(context),
    exposeMap: context.app.config.NODE_ENV !== "production",
  };
}
