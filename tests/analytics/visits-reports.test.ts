import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { runReport } from "../../server/modules/analytics/analytics.service";
import { createTestOrg, principalFor } from "../support/context";
import { createPlace } from "../support/factories";
import { LAT, LON, M_PER_DEG_LAT, type V, visitsSuite } from "./visits-helpers";

/** The geofence visits and point-of-interest visits reports: rows, sums, filters and scope. */

const s = visitsSuite();

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
    VALUES (${s.org.orgId}, ${v.id}, ${placeId}, ${isoAt(enter)}, ${exit === null ? null : isoAt(exit)}, ${v.driver_id}, ${LAT}, ${LON}, ${odo[0]}, ${odo[1]})`.execute(
    s.ctx.db,
  );
}

async function stop(v: V, start: number, end: number, lat: number, lon: number, kind = "stop") {
  await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, driver_id, start_lat, start_lon, end_lat, end_lon, engine_s)
    VALUES (${s.org.orgId}, ${v.id}, ${kind}, ${isoAt(start)}, ${isoAt(end)}, ${v.driver_id}, ${lat}, ${lon}, ${lat}, ${lon}, 0)`.execute(
    s.ctx.db,
  );
}

const params = (over: Record<string, unknown> = {}) => ({ from: DAY, to: DAY, ...over });

describe("geofence visits report", () => {
  let seen: V;
  let hidden: V;
  let north: { id: string };
  let south: { id: string };
  beforeAll(async () => {
    seen = s.vehicles[4];
    hidden = s.vehicles.find((v) => v.team_id !== seen.team_id)!;
    north = await createPlace(s.ctx, { org: s.org, kind: "geofence", lat: 43, lon: 21, radiusM: 500, name: "Veri" });
    south = await createPlace(s.ctx, { org: s.org, kind: "geofence", lat: 43.5, lon: 21, radiusM: 500, name: "Jug" });
    await visit(seen, north.id, DAY_START - H, DAY_START + 2 * H, [5000, 5000]); // overnight: 3 h, 2 h of them in the day
    await visit(seen, north.id, T, T + H / 2, [1000, 3500]);
    await visit(seen, south.id, T + 2 * H, null); // still inside
    await visit(seen, north.id, DAY_START + 30 * H, DAY_START + 31 * H); // the next day
    await visit(hidden, north.id, T, T + H);
  });

  const only = (over: Record<string, unknown> = {}) => params({ vehicle_ids: [seen.id], ...over });

  it("lists each visit that overlaps the period with entry, exit, time inside and time inside the period", async () => {
    const rows = (await runReport(s.ctx, s.admin, "geofence_visits", only())).result.rows;
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
    const grouped = (await runReport(s.ctx, s.admin, "geofence_visits", only({ group_by: "place" }))).result.rows;
    expect(grouped.map((r) => [r.geofence, r.visits, r.in_period, r.distance_inside, r.enter, r.exit])).toEqual([
      ["Jug", 1, (DAY_START + 24 * H - T - 2 * H) / 1000, null, isoAt(T + 2 * H), null],
      ["Veri", 2, 2 * 3600 + 1800, 2500, isoAt(DAY_START - H), isoAt(T + H / 2)],
    ]);
    const south1 = (await runReport(s.ctx, s.admin, "geofence_visits", only({ place_ids: [south.id] }))).result.rows;
    expect(south1.map((r) => r.geofence)).toEqual(["Jug"]);
    const long = (await runReport(s.ctx, s.admin, "geofence_visits", only({ min_minutes: 60 }))).result.rows;
    expect(long).toHaveLength(2);
    expect(long.every((r) => (r.duration as number) >= 3600)).toBe(true);
  });

  it("is scoped: a user limited to one team sees nothing of another team's vehicles, other organisations see nothing", async () => {
    const all = (await runReport(s.ctx, s.admin, "geofence_visits", params())).result.rows;
    expect(JSON.stringify(all)).toContain(hidden.registration);
    const teamOnly = { ...s.admin, teamIds: [seen.team_id!] };
    const rows = (await runReport(s.ctx, teamOnly, "geofence_visits", params())).result.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(hidden.registration);
    expect(
      (await runReport(s.ctx, teamOnly, "geofence_visits", params({ vehicle_ids: [hidden.id] }))).result.rows,
    ).toEqual([]);
    const oneVehicle = { ...s.admin, vehicleIds: [seen.id] };
    const allowed = (await runReport(s.ctx, oneVehicle, "geofence_visits", params())).result.rows;
    expect(allowed).toHaveLength(3);
    expect(JSON.stringify(allowed)).not.toContain(hidden.registration);
    const other = await createTestOrg(s.ctx, { demo: true });
    const otherAdmin = await principalFor(s.ctx, other.adminId);
    expect((await runReport(s.ctx, otherAdmin, "geofence_visits", params())).result.rows).toEqual([]);
    expect(
      (await runReport(s.ctx, otherAdmin, "geofence_visits", params({ vehicle_ids: [seen.id] }))).result.rows,
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
    seen = s.vehicles[5];
    hidden = s.vehicles.find((v) => v.team_id !== seen.team_id && v.id !== s.vehicles[4].id)!;
    await createPlace(s.ctx, { org: s.org, kind: "poi", lat: PLAT, lon: PLON, name: "Klienti A", category: "Client" });
    const b = m(80, 0);
    await createPlace(s.ctx, {
      org: s.org,
      kind: "poi",
      lat: b.lat,
      lon: b.lon,
      name: "Klienti B",
      category: "Client",
    });
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
    const rows = (await runReport(s.ctx, s.admin, "poi_visits", only())).result.rows;
    expect(rows.map((r) => [r.poi, r.category, r.arrival, r.departure, r.duration, r.in_period])).toEqual([
      ["Klienti A", "Client", isoAt(DAY_START - 2 * H), isoAt(DAY_START + H), 3 * 3600, 3600],
      ["Klienti B", "Client", isoAt(T + H), isoAt(T + 2 * H), 3600, 3600],
    ]);
    const wide = (await runReport(s.ctx, s.admin, "poi_visits", only({ radius_m: 200 }))).result.rows;
    expect(wide.map((r) => [r.poi, r.arrival])).toEqual([
      ["Klienti A", isoAt(DAY_START - 2 * H)],
      ["Klienti A", isoAt(T)],
      ["Klienti B", isoAt(T + H)],
    ]);
    const grouped = (await runReport(s.ctx, s.admin, "poi_visits", only({ radius_m: 200, group_by: "place" }))).result
      .rows;
    expect(grouped.map((r) => [r.poi, r.visits, r.in_period])).toEqual([
      ["Klienti A", 2, 3600 + 900],
      ["Klienti B", 1, 3600],
    ]);
    const long = (await runReport(s.ctx, s.admin, "poi_visits", only({ radius_m: 200, min_minutes: 30 }))).result.rows;
    expect(long).toHaveLength(2);
    await expect(runReport(s.ctx, s.admin, "poi_visits", only({ radius_m: 5 }))).rejects.toMatchObject({
      code: "VALIDATION",
    });
  });

  it("is scoped to the user's teams and the organisation", async () => {
    const all = (await runReport(s.ctx, s.admin, "poi_visits", params())).result.rows;
    expect(JSON.stringify(all)).toContain(hidden.registration);
    const teamOnly = { ...s.admin, teamIds: [seen.team_id!] };
    const rows = (await runReport(s.ctx, teamOnly, "poi_visits", params())).result.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(hidden.registration);
    expect((await runReport(s.ctx, teamOnly, "poi_visits", params({ vehicle_ids: [hidden.id] }))).result.rows).toEqual(
      [],
    );
    const allowed = (await runReport(s.ctx, { ...s.admin, vehicleIds: [seen.id] }, "poi_visits", params())).result.rows;
    expect(allowed).toHaveLength(2);
    expect(JSON.stringify(allowed)).not.toContain(hidden.registration);
    const other = await createTestOrg(s.ctx, { demo: true });
    expect(
      (
        await runReport(
          s.ctx,
          await principalFor(s.ctx, other.adminId),
          "poi_visits",
          params({ vehicle_ids: [seen.id] }),
        )
      ).result.rows,
    ).toEqual([]);
  });
});
