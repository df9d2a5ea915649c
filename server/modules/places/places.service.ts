import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { pickSort, toPage, type ListQuery } from "../shared/listing";
import { mapPage } from "../shared/mapping";
import { circleBoundingBox, polygonBoundingBox, ringCentre } from "../../shared/geometry";
import { toPlaceDto } from "./places.mapper";
import { placesPolicy } from "./places.policy";
import { placesRepo, type Place, type PlaceKind, type PlaceRecord, type PlaceSort } from "./places.repo";
import { geofenceInputSchema, poiInputSchema, type GeofenceInput, type PoiInput } from "./places.schema";

/** Unparsed fields (form payloads, API bodies, scripts); the service parses them with the form rules. */
export type GeofenceFields = Partial<Record<keyof GeofenceInput, unknown>>;
export type PoiFields = Partial<Record<keyof PoiInput, unknown>>;

export type { Place };
const SORTS: PlaceSort[] = ["name", "category", "city", "updated"];

/** A POI as a stored record: the point is its own bounding box. */
export function poiRecord(input: PoiInput): PlaceRecord {
  return {
    kind: "poi",
    shape: "point",
    name: input.name,
    category: input.category,
    city: input.city ?? null,
    latitude: input.latitude,
    longitude: input.longitude,
    icon: input.icon,
    icon_color: input.icon_color,
    radius_m: null,
    polygon: null,
    min_lat: input.latitude,
    max_lat: input.latitude,
    min_lon: input.longitude,
    max_lon: input.longitude,
  };
}

/** A geofence as a stored record; a polygon's latitude/longitude are its vertex average (a label point). */
export function geofenceRecord(input: GeofenceInput): PlaceRecord {
  const common = {
    kind: "geofence" as const,
    name: input.name,
    category: input.category,
    city: input.city ?? null,
    icon: input.icon,
    icon_color: input.icon_color,
  };
  if (input.shape === "circle") {
    const box = circleBoundingBox([input.longitude, input.latitude], input.radius_m);
    return {
      ...common,
      shape: "circle",
      latitude: input.latitude,
      longitude: input.longitude,
      radius_m: input.radius_m,
      polygon: null,
      min_lat: box.minLat,
      max_lat: box.maxLat,
      min_lon: box.minLon,
      max_lon: box.maxLon,
    };
  }
  const box = polygonBoundingBox(input.polygon);
  const [lon, lat] = ringCentre(input.polygon);
  return {
    ...common,
    shape: "polygon",
    latitude: lat,
    longitude: lon,
    radius_m: null,
    polygon: input.polygon,
    min_lat: box.minLat,
    max_lat: box.maxLat,
    min_lon: box.minLon,
    max_lon: box.maxLon,
  };
}

export async function listPlaces(
  ctx: AppContext,
  p: Principal,
  kind: PlaceKind,
  q: ListQuery,
  filter: { category?: string } = {},
) {
  placesPolicy.read(p);
  const sort = pickSort<PlaceSort>(q.sort, SORTS, "name");
  const { items, total } = await placesRepo.list(ctx.db, p.orgId, kind, q, sort, filter.category || undefined);
  return mapPage(toPage(items, total, q), toPlaceDto);
}

export async function placeCategories(ctx: AppContext, p: Principal, kind: PlaceKind) {
  placesPolicy.read(p);
  return placesRepo.categories(ctx.db, p.orgId, kind);
}

/** Every place of the user's organisation (export, map layers). */
export async function allPlaces(ctx: AppContext, p: Principal, kind?: PlaceKind) {
  placesPolicy.read(p);
  return placesRepo.listAll(ctx.db, p.orgId, kind);
}

/** The organisation's geofences to pick from (alert policies). */
export function geofenceOptions(ctx: AppContext, orgId: string) {
  return placesRepo.geofenceOptions(ctx.db, orgId);
}

/** The organisation's places of one kind to pick from by name (report parameters). */
export function placeOptions(ctx: AppContext, orgId: string, kind: PlaceKind) {
  return placesRepo.placeOptions(ctx.db, orgId, kind);
}

/** Which of the ids are places of that kind in the organisation. */
export function existingPlaceIds(
  ctx: AppContext,
  orgId: string,
  kind: PlaceKind,
  ids: readonly string[],
): Promise<Set<string>> {
  return placesRepo.existingIds(ctx.db, orgId, kind, ids);
}

export async function getPlace(ctx: AppContext, p: Principal, kind: PlaceKind, id: string) {
  return toPlaceDto(await findPlace(ctx, p, kind, id));
}

async function findPlace(ctx: AppContext, p: Principal, kind: PlaceKind, id: string): Promise<Place> {
  placesPolicy.read(p);
  const place = await placesRepo.findById(ctx.db, p.orgId, kind, id);
  if (!place) throw notFound(kind === "poi" ? "point of interest" : "geofence");
  return place;
}

export const getPoi = (ctx: AppContext, p: Principal, id: string) => getPlace(ctx, p, "poi", id);
export const getGeofence = (ctx: AppContext, p: Principal, id: string) => getPlace(ctx, p, "geofence", id);

function insertPlace(ctx: AppContext, p: Principal, record: PlaceRecord) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await placesRepo.insert(trx, p.orgId, record);
    await audit.record(trx, p, { entity: "place", id: row.id, action: "create", after: row });
    return toPlaceDto(row);
  });
}

function replacePlace(ctx: AppContext, p: Principal, before: Place, record: PlaceRecord) {
  const { kind, id } = before;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await placesRepo.update(trx, p.orgId, kind, id, record);
    if (!row) throw notFound(kind === "poi" ? "point of interest" : "geofence");
    await audit.record(trx, p, { entity: "place", id, action: "update", before, after: row });
    return toPlaceDto(row);
  });
}

// Inputs are parsed here so every caller (forms, API, imports, scripts) gets the same rules. An update looks the
// place up first: another organisation's id answers 404 before its fields are even checked.
export async function createPoi(ctx: AppContext, p: Principal, input: PoiInput | PoiFields) {
  placesPolicy.write(p);
  return insertPlace(ctx, p, poiRecord(poiInputSchema.parse(input)));
}

export async function updatePoi(ctx: AppContext, p: Principal, id: string, input: PoiInput | PoiFields) {
  placesPolicy.write(p);
  const before = await findPlace(ctx, p, "poi", id);
  return replacePlace(ctx, p, before, poiRecord(poiInputSchema.parse(input)));
}

export async function createGeofence(ctx: AppContext, p: Principal, input: GeofenceInput | GeofenceFields) {
  placesPolicy.write(p);
  return insertPlace(ctx, p, geofenceRecord(geofenceInputSchema.parse(input)));
}

export async function updateGeofence(ctx: AppContext, p: Principal, id: string, input: GeofenceInput | GeofenceFields) {
  placesPolicy.write(p);
  const before = await findPlace(ctx, p, "geofence", id);
  return replacePlace(ctx, p, before, geofenceRecord(geofenceInputSchema.parse(input)));
}

export async function deletePlace(ctx: AppContext, p: Principal, kind: PlaceKind, id: string) {
  placesPolicy.write(p);
  const before = await findPlace(ctx, p, kind, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await placesRepo.delete(trx, p.orgId, kind, id)))
      throw notFound(kind === "poi" ? "point of interest" : "geofence");
    await audit.record(trx, p, { entity: "place", id, action: "delete", before });
  });
}
