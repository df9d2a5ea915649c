import { Router } from "express";
import type { AppContext } from "../../context";
import { placeFilterSchema, placesService as places } from "../../modules/places";
import { authed, listQuery, param } from "./api-kit";

/**
 * /api/places/pois and /api/places/geofences. Geofence bodies: shape "circle" with latitude, longitude, radius_m,
 * or shape "polygon" with polygon as [lon, lat] pairs (GeoJSON order) or "lat, lon" text lines.
 */
export function placesRoutes(ctx: AppContext) {
  const r = Router();

  r.get(
    "/api/places/pois",
    authed(ctx, (req, _s, p) => places.listPlaces(ctx, p, "poi", listQuery(req), placeFilterSchema.parse(req.query))),
  );
  r.post(
    "/api/places/pois",
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await places.createPoi(ctx, p, req.body ?? {}));
    }),
  );
  r.get(
    "/api/places/pois/:id",
    authed(ctx, (req, _s, p) => places.getPoi(ctx, p, param(req, "id"))),
  );
  // The service answers 404 for another organisation's id before it checks the body.
  r.put(
    "/api/places/pois/:id",
    authed(ctx, (req, _s, p) => places.updatePoi(ctx, p, param(req, "id"), req.body ?? {})),
  );
  r.delete(
    "/api/places/pois/:id",
    authed(ctx, (req, _s, p) => places.deletePlace(ctx, p, "poi", param(req, "id"))),
  );

  r.get(
    "/api/places/geofences",
    authed(ctx, (req, _s, p) =>
      places.listPlaces(ctx, p, "geofence", listQuery(req), placeFilterSchema.parse(req.query)),
    ),
  );
  r.post(
    "/api/places/geofences",
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await places.createGeofence(ctx, p, req.body ?? {}));
    }),
  );
  r.get(
    "/api/places/geofences/:id",
    authed(ctx, (req, _s, p) => places.getGeofence(ctx, p, param(req, "id"))),
  );
  r.put(
    "/api/places/geofences/:id",
    authed(ctx, (req, _s, p) => places.updateGeofence(ctx, p, param(req, "id"), req.body ?? {})),
  );
  r.delete(
    "/api/places/geofences/:id",
    authed(ctx, (req, _s, p) => places.deletePlace(ctx, p, "geofence", param(req, "id"))),
  );
  return r;
}
