import type { AppContext } from "../../context";
import type { Principal } from "../access/principal";
import { circleToPolygon, type LonLat } from "../../shared/geometry";
import { allPlaces } from "./places.service";

export const CIRCLE_VERTICES = 64;

/** Map layers of the organisation: POIs as points, geofences as polygons (circles as 64-vertex polygons). */
export async function placesLayers(ctx: AppContext, p: Principal) {
  const places = await allPlaces(ctx, p);
  return {
    type: "FeatureCollection" as const,
    features: places.map((pl) => {
      const properties = {
        id: pl.id,
        kind: pl.kind,
        shape: pl.shape,
        name: pl.name,
        category: pl.category,
        icon: pl.icon,
        color: pl.icon_color,
      };
      if (pl.shape === "point") {
        return {
          type: "Feature" as const,
          id: pl.id,
          geometry: { type: "Point" as const, coordinates: [pl.longitude, pl.latitude] },
          properties,
        };
      }
      const ring: LonLat[] =
        pl.shape === "circle"
          ? circleToPolygon([pl.longitude, pl.latitude], pl.radius_m ?? 0, CIRCLE_VERTICES)
          : [...(pl.polygon ?? []), ...(pl.polygon?.length ? [pl.polygon[0]] : [])];
      return {
        type: "Feature" as const,
        id: pl.id,
        geometry: { type: "Polygon" as const, coordinates: [ring] },
        properties,
      };
    }),
  };
}
