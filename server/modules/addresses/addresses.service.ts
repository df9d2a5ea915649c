import type { AppContext } from "../../context";
import { coordinateText, encodeNear, parseCoordinateText } from "../../shared/address-text";
import { addressesRepo, type CellKey } from "./addresses.repo";
import { Gazetteer, loadGazetteer } from "./gazetteer";
import { geocoderOf } from "./geocoder";
import { PlaceNamer } from "./place-namer";

export interface LatLon {
  lat: number;
  lon: number;
}

// The gazetteer is immutable data of ~20 MB: one copy per process, shared by the server bundle and the modules
// loaded from source (which each have their own module variables), hence a global registry symbol.
const GAZETTEER = Symbol.for("flota.addresses.gazetteer");

/** The bundled gazetteer, loaded on first use. */
export function gazetteer(): Gazetteer {
  const g = globalThis as { [GAZETTEER]?: Gazetteer };
  return (g[GAZETTEER] ??= loadGazetteer());
}

export const cellKeyOf = (lat: number, lon: number): CellKey => ({
  latE4: Math.round(lat * 1e4),
  lonE4: Math.round(lon * 1e4),
});
/** One number per cell (exact: well under 2^53). */
const cellId = (k: CellKey) => (k.latE4 + 900_000) * 3_600_001 + (k.lonE4 + 1_800_000);

/** The geocode job's name and queue (addresses.jobs.ts). */
export const GEOCODE_JOB = { queue: "geocode", name: "geocode-addresses" } as const;

/**
 * Addresses of many points in one pass (a report page, a log page): the organisation's places first, then the
 * geocoder's cached street address, then the nearest settlement of the gazetteer; a point with none of these keeps
 * its coordinates. Never waits for the geocoder: cells it has not looked up yet are queued for the geocode job and
 * named from the gazetteer meanwhile. Returns one address value per point (address-text.ts shows it).
 */
export async function resolveAddresses(ctx: AppContext, orgId: string, points: LatLon[]): Promise<string[]> {
  if (!points.length) return [];
  type Cell = { key: CellKey; point: LatLon; address: string | null };
  const cells = new Map<number, Cell>();
  const cellOfPoint = points.map((p): Cell => {
    const key = cellKeyOf(p.lat, p.lon);
    const id = cellId(key);
    let c = cells.get(id);
    if (!c) cells.set(id, (c = { key, point: p, address: null }));
    return c;
  });
  const places = await addressesRepo.places(ctx.db, orgId);
  const namer = new PlaceNamer(places.fences, places.pois);
  const unnamed: Cell[] = [];
  for (const c of cells.values()) {
    c.address = namer.empty ? null : namer.nameOf(c.point.lat, c.point.lon);
    if (c.address === null) unnamed.push(c);
  }
  if (unnamed.length && geocoderOf(ctx.config)) await fromGeocoderCache(ctx, unnamed);
  const g = unnamed.some((c) => c.address === null) ? gazetteer() : null;
  for (const c of unnamed) {
    if (c.address !== null) continue;
    const near = g!.nearest(c.point.lat, c.point.lon);
    c.address = near ? encodeNear(near) : coordinateText(c.point.lat, c.point.lon);
  }
  return cellOfPoint.map((c) => c.address!);
}

/** Street addresses already looked up; the cells never asked for are queued for the geocode job. */
async function fromGeocoderCache(ctx: AppContext, list: Array<{ key: CellKey; address: string | null }>) {
  const rows = await addressesRepo.cached(
    ctx.db,
    list.map((c) => c.key),
  );
  const known = new Map(rows.map((r) => [cellId(r), r]));
  const missing: CellKey[] = [];
  for (const c of list) {
    const r = known.get(cellId(c.key));
    if (!r) missing.push(c.key);
    else if (r.status === "found") c.address = r.address;
  }
  if (!missing.length) return;
  const added = await addressesRepo.request(ctx.db, missing);
  if (added > 0) await kickGeocoder(ctx);
}

/** Starts a lookup run now rather than at the next minute's sweep (one at a time: the job id is fixed). */
export async function kickGeocoder(ctx: AppContext): Promise<void> {
  try {
    await ctx.jobs.enqueue(
      GEOCODE_JOB.queue,
      GEOCODE_JOB.name,
      {},
      { jobId: "geocode-now", removeOnComplete: true, removeOnFail: true },
    );
  } catch (err) {
    // the minute's sweep finds the pending cells anyway
    ctx.log.warn({ err }, "queueing the geocode job failed");
  }
}

/** One point's address (an alert e-mail, the live map's vehicle panel). */
export async function addressOf(ctx: AppContext, orgId: string, lat: number, lon: number): Promise<string> {
  return (await resolveAddresses(ctx, orgId, [{ lat, lon }]))[0];
}

/**
 * Replaces the coordinates in these columns of the rows ("41.32750, 19.81870", as reports write a point) with their
 * addresses, in one pass over every row; other values (a place name already) stay.
 */
export async function addressRows(
  ctx: AppContext,
  orgId: string,
  rows: Array<Record<string, unknown>>,
  keys: string[],
): Promise<void> {
  if (!keys.length || !rows.length) return;
  const at: Array<{ row: Record<string, unknown>; key: string }> = [];
  const points: LatLon[] = [];
  for (const row of rows) {
    for (const key of keys) {
      const v = row[key];
      const p = typeof v === "string" ? parseCoordinateText(v) : null;
      if (!p) continue;
      at.push({ row, key });
      points.push(p);
    }
  }
  const addresses = await resolveAddresses(ctx, orgId, points);
  at.forEach((a, i) => {
    a.row[a.key] = addresses[i];
  });
}
