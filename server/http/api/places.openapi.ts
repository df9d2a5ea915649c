import { z } from "zod";
import {
  MAX_POLYGON_VERTICES,
  placeFilterSchema,
  poiInputSchema,
  RADIUS_MAX_M,
  RADIUS_MIN_M,
} from "../../modules/places";
import type { ApiFragment } from "../openapi/openapi-document";
import { apiPaths, fromZod, listParams, obj, page, queryFromZod, S } from "../openapi/schema-kit";

const common = fromZod(poiInputSchema.omit({ latitude: true, longitude: true }));
const lonLat = { type: "array", items: { type: "number" }, minItems: 2, maxItems: 2, description: "[lon, lat]" };
const geofenceInput = {
  allOf: [
    common,
    {
      oneOf: [
        {
          type: "object",
          required: ["shape", "latitude", "longitude", "radius_m"],
          properties: {
            shape: { const: "circle" },
            latitude: fromZod(z.number().min(-90).max(90)),
            longitude: fromZod(z.number().min(-180).max(180)),
            radius_m: { type: "number", minimum: RADIUS_MIN_M, maximum: RADIUS_MAX_M },
          },
        },
        {
          type: "object",
          required: ["shape", "polygon"],
          properties: {
            shape: { const: "polygon" },
            polygon: {
              description: `at least 3 and at most ${MAX_POLYGON_VERTICES} vertices, as [lon, lat] pairs (GeoJSON order) or "lat, lon" text lines`,
              anyOf: [{ type: "array", items: lonLat }, { type: "string" }],
            },
          },
        },
      ],
    },
  ],
};

const place = obj({
  id: S.uuid,
  kind: S.enum(["poi", "geofence"]),
  shape: S.enum(["point", "circle", "polygon"]),
  name: S.str,
  category: S.str,
  city: S.strN,
  latitude: S.num,
  longitude: S.num,
  icon: S.str,
  icon_color: S.str,
  radius_m: S.numN,
  polygon: S.nullable({ type: "array", items: lonLat }),
  created_at: S.dt,
  updated_at: S.dt,
});

const crud = (kind: "pois" | "geofences", body: unknown) => {
  const base = `/api/places/${kind}`;
  const one = kind === "pois" ? "point of interest" : "geofence";
  return {
    [`GET ${base}`]: {
      summary: `List ${kind === "pois" ? "points of interest" : "geofences"}`,
      permission: "places:read",
      query: [...listParams(), ...queryFromZod(placeFilterSchema)],
      ok: { schema: page(S.ref("Place")) },
    },
    [`POST ${base}`]: {
      summary: `Add a ${one}`,
      permission: "places:write",
      body: body as Record<string, unknown>,
      ok: { status: 201, schema: S.ref("Place") },
    },
    [`GET ${base}/:id`]: { summary: `One ${one}`, permission: "places:read", ok: { schema: S.ref("Place") } },
    [`PUT ${base}/:id`]: {
      summary: `Change a ${one}`,
      permission: "places:write",
      body: body as Record<string, unknown>,
      ok: { schema: S.ref("Place") },
    },
    [`DELETE ${base}/:id`]: { summary: `Remove a ${one}`, permission: "places:write" },
  };
};

/** Points of interest and geofences. */
export const placesApi: ApiFragment = {
  tag: "places",
  description:
    "Points of interest (a point with an icon) and geofences (a circle or a polygon) of the organisation. Coordinates in degrees (WGS 84), radius in metres.",
  schemas: { Place: place, GeofenceInput: geofenceInput, PoiInput: fromZod(poiInputSchema) },
  paths: apiPaths("places", {
    ...crud("pois", S.ref("PoiInput")),
    ...crud("geofences", S.ref("GeofenceInput")),
  }),
};
