import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GeofenceIndex } from "../../server/modules/places/geofence-index";
import { runReport } from "../../server/modules/analytics/analytics.service";
import type { SegmentPoint } from "../../server/modules/analytics/segments/segment-detector";
import { rebuildDirtySegments, rebuildVehicleSegments } from "../../server/modules/analytics/segments/segments.service";
import { GeofenceVisitTracker } from "../../server/modules/analytics/visits/geofence-visits";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createPlace } from "../support/factories";
import { driversOf, positionWriter } from "./helpers";

let ctx: TestContext;
let org: TestOrg;
let admin: Awaited<ReturnType<typeof principalFor>>;
type V = { id: string; registration: string; team_id: string | null; driver_id: string | null };
let vehicles: V[];

const LAT = 41.4;
const LON = 19.9;
const M_PER_DEG_LAT = 111_195;
const M_PER_DEG_LON = M_PER_DEG_LAT * Math.cos((LAT * Math.PI) / 180);
const at = (dxM: number, dyM = 0) => ({ lat: LAT + dyM / M_PER_DEG_LAT, lon: LON + dxM / M_PER_DEG_LON });
const base = Date.parse("2026-11-10T06:00:00Z");

/** Legs along the east–west line through the fence's centre (x metres east of it), a point every 10 s. */
function track(
  x0: number,
  legs: Array<[seconds: number, kmh: number, ignition: boolean, direction?: 1 | -1]>,
  start = base,
): SegmentPoint[] {
  const pts: SegmentPoint[] = [];
  let t = start;
  let x = x0;
  let odo = 0;
  for (const [s, kmh, ignition, dir = 1] of legs) {
    for (let e = 0; e < s; e += 10) {
      pts.push({ t, ...at(x), speed: kmh, valid: true, ignition, deviceOdometerM: null, odometerM: odo });
      x += (dir * kmh * 10) / 3.6;
      odo += (kmh * 10) / 3.6;
      t += 10_000;
    }
  }
  return pts;
}

const fenceIndex = (radiusM: number) => {
  const dLat = radiusM / M_PER_DEG_LAT;
  const dLon = radiusM / M_PER_DEG_LON;
  return new GeofenceIndex([
    {
      id: "g1",
      name: "Depot",
      shape: "circle",
      centre: [LON, LAT],
      radiusM,
      ring: null,
      box: { minLat: LAT - dLat, maxLat: LAT + dLat, minLon: LON - dLon, maxLon: LON + dLon },
    },
  ]);
};
const point = (t: number, dx: number, over: Partial<SegmentPoint> = {}): SegmentPoint => ({
  t,
  ...at(dx),
  speed: 30,
  valid: true,
  ignition: true,
  deviceOdometerM: null,
  odometerM: t / 100,
  ...over,
});

describe("geofence visit rules (tracker)", () => {
  it("a visit starts at the first position inside and ends at the first position outside, boundary inside", () => {
    const tr = new GeofenceVisitTracker(fenceIndex(200));
    expect(tr.push(point(0, -200.5))).toEqual([]);
    const enter = tr.push(point(10, -199.5));
    expect(enter).toEqual([
      { placeId: "g1", enter: { t: 10, lat: expect.any(Number), lon: expect.any(Number), odometerM: 0.1 }, exit: null },
    ]);
    expect(tr.push(point(20, 0))).toEqual([]);
    expect(tr.push(point(30, 199.5))).toEqual([]);
    const exit = tr.push(point(40, 200.5));
    expect(exit).toMatchObject([{ placeId: "g1", enter: { t: 10 }, exit: { t: 40, odometerM: 0.4 } }]);
    expect(tr.open).toEqual({});
  });

  it("an invalid fix changes nothing, a gap in the data does not end a visit, and nested geofences have their own visits", () => {
    const dLat = 1000 / M_PER_DEG_LAT;
    const dLon = 1000 / M_PER_DEG_LON;
    const index = new GeofenceIndex([
      {
        id: "inner",
        name: "Yard",
        shape: "circle",
        centre: [LON, LAT],
        radiusM: 100,
        ring: null,
        box: { minLat: LAT - dLat / 10, maxLat: LAT + dLat / 10, minLon: LON - dLon / 10, maxLon: LON + dLon / 10 },
      },
      {
        id: "outer",
        name: "Town",
        shape: "polygon",
        centre: [LON, LAT],
        radiusM: null,
        ring: [
          [LON - dLon, LAT - dLat],
          [LON + dLon, LAT - dLat],
          [LON + dLon, LAT + dLat],
          [LON - dLon, LAT + dLat],
        ],
        box: { minLat: LAT - dLat, maxLat: LAT + dLat, minLon: LON - dLon, maxLon: LON + dLon },
      },
    ]);
    const tr = new GeofenceVisitTracker(index);
    expect(tr.push(point(0, -500)).map((c) => c.placeId)).toEqual(["outer"]);
    expect(tr.push(point(10, 0)).map((c) => c.placeId)).toEqual(["inner"]);
    // a fix far away but flagged invalid: still inside both
    expect(tr.push(point(20, 5000, { valid: false }))).toEqual([]);
    // six hours without data, then still inside
    expect(tr.push(point(6 * 3600 + 20, 10))).toEqual([]);
    const out = tr.push(point(6 * 3600 + 30, 500));
    expect(out).toMatchObject([{ placeId: "inner", enter: { t: 10 }, exit: { t: 6 * 3600 + 30 } }]);
    expect(Object.keys(tr.open)).toEqual(["outer"]);
  });

  it("a geofence that is no longer indexed (deleted) ends its visit at the next valid position", () => {
    const tr = new GeofenceVisitTracker(null, { gone: { t: 5, lat: LAT, lon: LON, odometerM: 0 } });
    expect(tr.push(point(10, 0))).toMatchObject([{ placeId: "gone", exit: { t: 10 } }]);
  });
});

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
  admin = await principalFor(ctx, org.adminId);
  vehicles = await ctx.db
    .selectFrom("vehicles")
    .select(["id", "registration", "team_id", "driver_id"])
    .where("org_id", "=", org.orgId)
    .where("driver_id", "is not", null)
    .orderBy("registration")
    .execute();
});
afterAll(async () => ctx?.close());

const { ingest } = positionWriter(() => ({ db: ctx.db, orgId: org.orgId }));

const visitsOf = async (vehicleId: string) =>
  (
    await ctx.db
      .selectFrom("geofence_visits")
      .selectAll()
      .where("vehicle_id", "=", vehicleId)
      .orderBy("enter_time")
      .execute()
  ).map((v) => ({
    enter: (v.enter_time.getTime() - base) / 1000,
    exit: v.exit_time ? (v.exit_time.getTime() - base) / 1000 : null,
    driver: v.driver_id,
    odo: v.exit_odometer_m === null ? null : Math.round(v.exit_odometer_m - v.enter_odometer_m),
  }));

// Parked 600 s at 1550 m west, drives in (inside from 740 s), parks 600 s inside, drives out and back in, parks, leaves.
const LEGS: Array<[number, number, boolean, (1 | -1)?]> = [
  [600, 0, false],
  [150, 36, true],
  [600, 0, false],
  [80, 36, true],
  [80, 36, true, -1],
  [600, 0, false],
  [300, 36, true],
];

describe("geofence visits derived with the segments (real PostgreSQL)", () => {
  it("opens a visit when the vehicle enters, closes it when it leaves, batch by batch, with the driver and the distance inside", async () => {
    const v = vehicles[0];
    await createPlace(ctx, { org, kind: "geofence", lat: LAT, lon: LON, radiusM: 200, name: "Depo" });
    const pts = track(-1550, LEGS);
    await ingest(
      v.id,
      pts.filter((p) => p.t < base + 1000_000),
    );
    expect(await visitsOf(v.id)).toEqual([{ enter: 740, exit: null, driver: v.driver_id, odo: null }]);
    for (let i = 0; i < pts.length; i += 25)
      await ingest(
        v.id,
        pts.slice(i, i + 25).filter((p) => p.t >= base + 1000_000),
      );
    // out at 1380 s (x = 250 m), back in at 1490 s (x = 150 m), out for good at 2140 s
    expect(await visitsOf(v.id)).toEqual([
      { enter: 740, exit: 1380, driver: v.driver_id, odo: 400 },
      { enter: 1490, exit: 2140, driver: v.driver_id, odo: 500 },
    ]);
    // re-deriving from inside the first visit (the stop in the fence began after the entry) keeps its entry time
    const again = await rebuildVehicleSegments(
      ctx.db,
      driversOf,
      { vehicleId: v.id, orgId: org.orgId },
      base + 1360_000,
    );
    expect(again.from).toBe(base + 750_000);
    expect(await visitsOf(v.id)).toEqual([
      { enter: 740, exit: 1380, driver: v.driver_id, odo: 400 },
      { enter: 1490, exit: 2140, driver: v.driver_id, odo: 500 },
    ]);
  });

  it("folds in late positions: a drive out of the fence sent late splits the visit in two after the sweep", async () => {
    const v = vehicles[1];
    const pts = track(-1550, LEGS);
    const later = pts.filter((p) => p.t >= base + 1350_000 && p.t < base + 1510_000);
    const onTime = pts.filter((p) => !later.includes(p));
    await ingest(v.id, onTime);
    expect(await visitsOf(v.id)).toEqual([{ enter: 740, exit: 2140, driver: v.driver_id, odo: expect.any(Number) }]);
    await ingest(v.id, later);
    await rebuildDirtySegments(ctx.db, driversOf);
    expect((await visitsOf(v.id)).map((x) => [x.enter, x.exit])).toEqual([
      [740, 1380],
      [1490, 2140],
    ]);
  });

  it("deleting the geofence deletes its visits, and the vehicle's next positions go on without it", async () => {
    const v = vehicles[2];
    const fence = await createPlace(ctx, {
      org,
      kind: "geofence",
      lat: LAT + 0.1,
      lon: LON,
      radiusM: 300,
      name: "Temporary",
    });
    const pts = track(-1000, [[200, 36, true]]).map((p) => ({ ...p, lat: p.lat + 0.1 }));
    await ingest(v.id, pts.slice(0, 10));
    expect(
      (await ctx.db.selectFrom("geofence_visits").select("place_id").where("vehicle_id", "=", v.id).execute()).map(
        (r) => r.place_id,
      ),
    ).toEqual([fence.id]);
    await ctx.db.deleteFrom("places").where("id", "=", fence.id).execute();
    await ingest(v.id, pts.slice(10));
    expect(
      await ctx.db.selectFrom("geofence_visits").select("place_id").where("vehicle_id", "=", v.id).execute(),
    ).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------- reports

const DAY = "2026-11-17";
/** the day in Tirana: 2026-11-16T23:00Z to 2026-11-17T23:00Z */
const DAY_START = Date.parse("2026-11-16T23:00:00Z");
const T = Date.parse("2026-11-17T07:00:00Z");
const H = 3600_000;
const isoAt = (ms: number) => new Date(ms).toISOString();

async function visit(
  v: V,
  placeId: string,
  enter: number,
  exit: number | null,
  odo: [number, number | null] = [0, null],
) {
  await sql`INSERT INTO geofence_visits (org_id, vehicle_id, place_id, enter_time, exit_time, driver_id, enter_lat, enter_lon, enter_odometer_m, exit_odometer_m)
    VALUES (${org.orgId}, ${v.id}, ${placeId}, ${isoAt(enter)}, ${exit === null ? null : isoAt(exit)}, ${v.driver_id}, ${LAT}, ${LON}, ${odo[0]}, ${odo[1]})`.execute(
    ctx.db,
  );
}

async function stop(v: V, start: number, end: number, lat: number, lon: number, kind = "stop") {
  await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, driver_id, start_lat, start_lon, end_lat, end_lon, engine_s)
    VALUES (${org.orgId}, ${v.id}, ${kind}, ${isoAt(start)}, ${isoAt(end)}, ${v.driver_id}, ${lat}, ${lon}, ${lat}, ${lon}, 0)`.execute(
    ctx.db,
  );
}

const params = (over: Record<string, unknown> = {}) => ({ from: DAY, to: DAY, ...over });

describe("geofence visits report", () => {
  let seen: V;
  let hidden: V;
  let north: { id: string };
  let south: { id: string };
  beforeAll(async () => {
    seen = vehicles[4];
    hidden = vehicles.find((v) => v.team_id !== seen.team_id)!;
    north = await createPlace(ctx, { org, kind: "geofence", lat: 43, lon: 21, radiusM: 500, name: "Veri" });
    south = await createPlace(ctx, { org, kind: "geofence", lat: 43.5, lon: 21, radiusM: 500, name: "Jug" });
    await visit(seen, north.id, DAY_START - H, DAY_START + 2 * H, [5000, 5000]); // overnight: 3 h, 2 h of them in the day
    await visit(seen, north.id, T, T + H / 2, [1000, 3500]);
    await visit(seen, south.id, T + 2 * H, null); // still inside
    await visit(seen, north.id, DAY_START + 30 * H, DAY_START + 31 * H); // the next day
    await visit(hidden, north.id, T, T + H);
  });

  const only = (over: Record<string, unknown> = {}) => params({ vehicle_ids: [seen.id], ...over });

  it("lists each visit that overlaps the period with entry, exit, time inside and time inside the period", async () => {
    const rows = (await runReport(ctx, admin, "geofence_visits", only())).result.rows;
    expect(
      rows.map((r) => [r.geofence, r.enter, r.exit, r.duration, r.in_period, r.distance_inside, r.visits]),
    ).toEqual([
      ["Veri", isoAt(DAY_START - H), isoAt(DAY_START + 2 * H), 3 * 3600, 2 * 3600, 0, 1],
      ["Veri", isoAt(T), isoAt(T + H / 2), 1800, 1800, 2500, 1],
      // still inside: no exit, in the period until the day's end (23:00Z), the whole visit until now
      ["Jug", isoAt(T + 2 * H), null, expect.any(Number), (DAY_START + 24 * H - T - 2 * H) / 1000, null, 1],
    ]);
    expect(rows[2].duration as number).toBeGreaterThanOrEqual((Date.now() - T - 2 * H) / 1000 - 5);
    expect(rows[0].driver).not.toBe("");
  });

  it("sums per vehicle and geofence, filters by geofence and by minimum time inside", async () => {
    const grouped = (await runReport(ctx, admin, "geofence_visits", only({ group_by: "place" }))).result.rows;
    expect(grouped.map((r) => [r.geofence, r.visits, r.in_period, r.distance_inside, r.enter, r.exit])).toEqual([
      ["Jug", 1, (DAY_START + 24 * H - T - 2 * H) / 1000, null, isoAt(T + 2 * H), null],
      ["Veri", 2, 2 * 3600 + 1800, 2500, isoAt(DAY_START - H), isoAt(T + H / 2)],
    ]);
    const south1 = (await runReport(ctx, admin, "geofence_visits", only({ place_ids: [south.id] }))).result.rows;
    expect(south1.map((r) => r.geofence)).toEqual(["Jug"]);
    const long = (await runReport(ctx, admin, "geofence_visits", only({ min_minutes: 60 }))).result.rows;
    expect(long).toHaveLength(2);
    expect(long.every((r) => (r.duration as number) >= 3600)).toBe(true);
  });

  it("is scoped: a user limited to one team sees nothing of another team's vehicles, other organisations see nothing", async () => {
    const all = (await runReport(ctx, admin, "geofence_visits", params())).result.rows;
    expect(JSON.stringify(all)).toContain(hidden.registration);
    const teamOnly = { ...admin, teamIds: [seen.team_id!] };
    const rows = (await runReport(ctx, teamOnly, "geofence_visits", params())).result.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(hidden.registration);
    expect(
      (await runReport(ctx, teamOnly, "geofence_visits", params({ vehicle_ids: [hidden.id] }))).result.rows,
    ).toEqual([]);
    const oneVehicle = { ...admin, vehicleIds: [seen.id] };
    const allowed = (await runReport(ctx, oneVehicle, "geofence_visits", params())).result.rows;
    expect(allowed).toHaveLength(3);
    expect(JSON.stringify(allowed)).not.toContain(hidden.registration);
    const other = await createTestOrg(ctx, { demo: true });
    const otherAdmin = await principalFor(ctx, other.adminId);
    expect((await runReport(ctx, otherAdmin, "geofence_visits", params())).result.rows).toEqual([]);
    expect(
      (await runReport(ctx, otherAdmin, "geofence_visits", params({ vehicle_ids: [seen.id] }))).result.rows,
    ).toEqual([]);
  });
});

describe("point-of-interest visits report", () => {
  let seen: V;
  let hidden: V;
  const PLAT = 42.5;
  const PLON = 20.5;
  const m = (dx: number, dy: number) => ({
    lat: PLAT + dy / M_PER_DEG_LAT,
    lon: PLON + dx / (M_PER_DEG_LAT * Math.cos((PLAT * Math.PI) / 180)),
  });
  beforeAll(async () => {
    seen = vehicles[5];
    hidden = vehicles.find((v) => v.team_id !== seen.team_id && v.id !== vehicles[4].id)!;
    await createPlace(ctx, { org, kind: "poi", lat: PLAT, lon: PLON, name: "Klienti A", category: "Client" });
    const b = m(80, 0);
    await createPlace(ctx, { org, kind: "poi", lat: b.lat, lon: b.lon, name: "Klienti B", category: "Client" });
    const here = m(5, 5);
    await stop(seen, DAY_START - 2 * H, DAY_START + H, here.lat, here.lon); // overnight at A
    const north150 = m(0, 150);
    await stop(seen, T, T + H / 4, north150.lat, north150.lon); // 150 m from A: only with a wider radius
    const nearB = m(60, 0);
    await stop(seen, T + H, T + 2 * H, nearB.lat, nearB.lon); // 60 m from A, 20 m from B: B, the nearest
    await stop(seen, T + 3 * H, T + 4 * H, here.lat, here.lon, "trip"); // driving past is not a visit
    await stop(hidden, T, T + H, here.lat, here.lon);
  });

  const only = (over: Record<string, unknown> = {}) => params({ vehicle_ids: [seen.id], ...over });

  it("lists the stops within a point of interest's radius, each at the nearest one, with arrival, departure and duration", async () => {
    const rows = (await runReport(ctx, admin, "poi_visits", only())).result.rows;
    expect(rows.map((r) => [r.poi, r.category, r.arrival, r.departure, r.duration, r.in_period])).toEqual([
      ["Klienti A", "Client", isoAt(DAY_START - 2 * H), isoAt(DAY_START + H), 3 * 3600, 3600],
      ["Klienti B", "Client", isoAt(T + H), isoAt(T + 2 * H), 3600, 3600],
    ]);
    const wide = (await runReport(ctx, admin, "poi_visits", only({ radius_m: 200 }))).result.rows;
    expect(wide.map((r) => [r.poi, r.arrival])).toEqual([
      ["Klienti A", isoAt(DAY_START - 2 * H)],
      ["Klienti A", isoAt(T)],
      ["Klienti B", isoAt(T + H)],
    ]);
    const grouped = (await runReport(ctx, admin, "poi_visits", only({ radius_m: 200, group_by: "place" }))).result.rows;
    expect(grouped.map((r) => [r.poi, r.visits, r.in_period])).toEqual([
      ["Klienti A", 2, 3600 + 900],
      ["Klienti B", 1, 3600],
    ]);
    const long = (await runReport(ctx, admin, "poi_visits", only({ radius_m: 200, min_minutes: 30 }))).result.rows;
    expect(long).toHaveLength(2);
    await expect(runReport(ctx, admin, "poi_visits", only({ radius_m: 5 }))).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });

  it("is scoped to the user's teams and the organisation", async () => {
    const all = (await runReport(ctx, admin, "poi_visits", params())).result.rows;
    expect(JSON.stringify(all)).toContain(hidden.registration);
    const teamOnly = { ...admin, teamIds: [seen.team_id!] };
    const rows = (await runReport(ctx, teamOnly, "poi_visits", params())).result.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(hidden.registration);
    expect((await runReport(ctx, teamOnly, "poi_visits", params({ vehicle_ids: [hidden.id] }))).result.rows).toEqual(
      [],
    );
    const allowed = (await runReport(ctx, { ...admin, vehicleIds: [seen.id] }, "poi_visits", params())).result.rows;
    expect(allowed).toHaveLength(2);
    expect(JSON.stringify(allowed)).not.toContain(hidden.registration);
    const other = await createTestOrg(ctx, { demo: true });
    expect(
      (await runReport(ctx, await principalFor(ctx, other.adminId), "poi_visits", params({ vehicle_ids: [seen.id] })))
        .result.rows,
    ).toEqual([]);
  });
});
