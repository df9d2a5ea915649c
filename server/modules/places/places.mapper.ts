import type { Place } from "./places.repo";
import { iso } from "../shared/mapping";

/** A point of interest or geofence as the API answers: no org_id, no bounding box (an index detail), ISO dates. */
export function toPlaceDto(p: Place) {
  return {
    id: p.id,
    kind: p.kind,
    shape: p.shape,
    name: p.name,
    category: p.category,
    city: p.city,
    latitude: p.latitude,
    longitude: p.longitude,
    icon: p.icon,
    icon_color: p.icon_color,
    radius_m: p.radius_m,
    polygon: p.polygon,
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
  };
}
