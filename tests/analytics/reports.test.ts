import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runReport } from "../../server/modules/analytics/analytics.service";
import { REPORTS } from "../../server/report-catalogue";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createPlace } from "../support/factories";

let ctx: TestContext;
let org: TestOrg;
let admin: Awaited<ReturnType<typeof principalFor>>;
type V = { id: string; registration: string; team_id: string | null; driver_id: string | null };
let seen: V;
let hidden: V;
const DAY = "2026-11-17";
/** 08:00 in Tirana on that day */
const T = Date.parse("2026-11-17T07:00:00Z");

async function segment(v: V, kind: string, startMin: number, endMin: number, over: Record<string, unknown> = {}) {
  await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, driver_id, start_lat, start_lon, end_lat, end_lon,
      distance_m, max_speed_kmh, engine_s, idle_s, points, harsh_brake, speeding_s, gap)
    VALUES (${org.orgId}, ${v.id}, ${kind}, ${new Date(T + startMin * 60_000).toISOString()}, ${new Date(T + endMin * 60_000).toISOString()}, ${v.driver_id},
      41.33, 19.82, 41.34, 19.9, ${over.distance ?? 0}, ${over.max ?? 0}, ${over.engine ?? 0}, ${over.idle ?? 0}, 30, ${over.brake ?? 0}, ${over.speeding ?? 0}, false)`.execute(
    ctx.db,
  );
}

async function activity(v: V) {
  await segment(v, "stop", -600, 0, { engine: 0 });
  await segment(v, "trip", 0, 90, { distance: 62_000, max: 112, engine: 5400, idle: 300, brake: 2, speeding: 120 });
  await segment(v, "idle", 40, 45, { engine: 300, idle: 300 });
  await segment(v, "speeding", 50, 52, { distance: 3500, max: 112 });
  await segment(v, "stop", 90, 600, { engine: 120 });
  await sql`INSERT INTO alerts (org_id, policy_name, alert_type, vehicle_id, occurred_at, speed_kmh) VALUES (${org.orgId}, 'Limit', 'speeding', ${v.id}, ${new Date(T + 51 * 60_000).toISOString()}, 112)`.execute(
    ctx.db,
  );
  await sql`INSERT INTO device_commands (org_id, vehicle_id, device_id, action, status, created_at) VALUES (${org.orgId}, ${v.id}, 'dev', 'block', 'Blocked', ${new Date(T + 100 * 60_000).toISOString()})`.execute(
    ctx.db,
  );
  const fence = await createPlace(ctx, {
    org,
    kind: "geofence",
    lat: 41.34,
    lon: 19.9,
    radiusM: 300,
    name: `Fence ${v.registration}`,
  });
  await sql`INSERT INTO geofence_visits (org_id, vehicle_id, place_id, enter_time, exit_time, driver_id, enter_lat, enter_lon)
    VALUES (${org.orgId}, ${v.id}, ${fence.id}, ${new Date(T + 85 * 60_000).toISOString()}, ${new Date(T + 200 * 60_000).toISOString()}, ${v.driver_id}, 41.34, 19.9)`.execute(
    ctx.db,
  );
  // route planning: a visited job and the driver's working day
  await sql`INSERT INTO route_jobs (org_id, name, latitude, longitude, scheduled_date, scheduled_arrival, scheduled_departure, vehicle_id, driver_id, status, arrived_at, departed_at)
    VALUES (${org.orgId}, 'Visit', 41.34, 19.9, ${DAY}, '09:30', '10:00', ${v.id}, ${v.driver_id}, 'finished', ${new Date(T + 90 * 60_000).toISOString()}, ${new Date(T + 120 * 60_000).toISOString()})`.execute(
    ctx.db,
  );
  await sql`INSERT INTO attendance_days (org_id, user_id, day, started_at, ended_at, late) VALUES (${org.orgId}, ${v.driver_id}, ${DAY}, ${new Date(T).toISOString()}, ${new Date(T + 600 * 60_000).toISOString()}, false)`.execute(
    ctx.db,
  );
  await sql`INSERT INTO tms_orders (org_id, order_id, customer_code, latitude, longitude, weight, packets, delivery_date_at, status, vehicle_id, finished_at, finished_by)
    VALUES (${org.orgId}, ${`R-${v.id}`}, 'C1', 41.33, 19.82, 12.5, 2, ${DAY}, 'FINISHED', ${v.id}, ${new Date(T + 120 * 60_000).toISOString()}, 'arrival')`.execute(
    ctx.db,
  );
  await sql`INSERT INTO video_media (org_id, vehicle_id, trigger, media_type, camera, captured_at, status, failure) VALUES (${org.orgId}, ${v.id}, 'green_driving', 'video', 'front', ${new Date(T + 52 * 60_000).toISOString()}, 'failed', 'no_footage')`.execute(
    ctx.db,
  );
}

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
  admin = await principalFor(ctx, org.adminId);
  const vehicles = await ctx.db
    .selectFrom("vehicles")
    .select(["id", "registration", "team_id", "driver_id"])
    .where("org_id", "=", org.orgId)
    .where("driver_id", "is not", null)
    .orderBy("registration")
    .execute();
  seen = vehicles[0];
  hidden = vehicles.find((v) => v.team_id !== seen.team_id)!;
  await createPlace(ctx, { org, kind: "poi", lat: 41.33, lon: 19.82, name: "Client" });
  await activity(seen);
  await activity(hidden);
});
afterAll(async () => ctx?.close());

const params = (over: Record<string, unknown> = {}) => ({ from: DAY, to: DAY, ...over });

describe("report catalogue (real PostgreSQL)", () => {
  it("runs every report type and each one finds the day's activity", async () => {
    // reports of other modules (own texts) need their module's records: their own tests run them
    for (const r of REPORTS.filter((x) => !x.texts)) {
      const run = await runReport(ctx, admin, r.type, params(r.requiresVehicle ? { vehicle_ids: [seen.id] } : {}));
      expect(run.result.rows.length, r.type).toBeGreaterThan(0);
      for (const c of r.columns) expect(Object.keys(run.result.rows[0]), `${r.type}.${c.key}`).toContain(c.key);
    }
  });

  it("shows a user limited to one team nothing of another team's vehicles, in every report type", async () => {
    const teamOnly = { ...admin, teamIds: [seen.team_id!] };
    const hiddenDriver = await ctx.db
      .selectFrom("users")
      .select(["first_name", "last_name"])
      .where("id", "=", hidden.driver_id!)
      .executeTakeFirstOrThrow();
    for (const r of REPORTS) {
      const run = await runReport(ctx, teamOnly, r.type, params({ vehicle_ids: r.requiresVehicle ? [seen.id] : [] }));
      const text = JSON.stringify(run.result.rows);
      expect(text, r.type).not.toContain(hidden.registration);
      expect(text, r.type).not.toContain(`${hiddenDriver.first_name} ${hiddenDriver.last_name}`);
      // asking for the hidden vehicle by id gives nothing either
      if (!r.requiresVehicle)
        expect(
          (await runReport(ctx, teamOnly, r.type, params({ vehicle_ids: [hidden.id] }))).result.rows,
          r.type,
        ).toEqual([]);
    }
    await expect(
      runReport(ctx, teamOnly, "vehicle_details", params({ vehicle_ids: [hidden.id] })),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses the detailed vehicle report without a vehicle (spec section 5)", async () => {
    await expect(runReport(ctx, admin, "vehicle_details", params())).rejects.toMatchObject({
      code: "VEHICLE_REQUIRED",
    });
    await expect(
      runReport(ctx, admin, "vehicle_details", params({ vehicle_ids: [seen.id, hidden.id] })),
    ).rejects.toMatchObject({ code: "VEHICLE_REQUIRED" });
  });

  it("explains a bad period at its field", async () => {
    await expect(runReport(ctx, admin, "trips", params({ from: "2026-02-30" }))).rejects.toMatchObject({
      code: "VALIDATION",
      details: { fields: { from: ["errors.date"] } },
    });
    await expect(
      runReport(ctx, admin, "trips", params({ from: "2026-11-18", to: "2026-11-17" })),
    ).rejects.toMatchObject({ details: { fields: { to: ["errors.periodOrder"] } } });
    await expect(
      runReport(ctx, admin, "trips", params({ from: "2025-01-01", to: "2026-11-17" })),
    ).rejects.toMatchObject({ details: { fields: { to: ["errors.periodTooLong"] } } });
    await expect(runReport(ctx, admin, "no_such_report", params())).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("computes the trip's figures and the eco score from the stored segments", async () => {
    const trips = (await runReport(ctx, admin, "trips", params({ vehicle_ids: [seen.id] }))).result.rows;
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({
      distance: 62_000,
      duration: 5400,
      idle: 300,
      max_speed: 112,
      start: new Date(T).toISOString(),
    });
    expect(Math.round(trips[0].avg_speed as number)).toBe(41);
    const eco = (await runReport(ctx, admin, "eco_score", params({ vehicle_ids: [seen.id], by: "vehicle" }))).result
      .rows;
    // 2 harsh brakings (2 × 5) + a speeding episode 22 km/h over (10) = 20 points over 62 km → 100 − 32 = 68
    expect(eco[0]).toMatchObject({ harsh_brake: 2, points: 20, score: 68, rank: 1 });
    const daily = (await runReport(ctx, admin, "daily_summary", params({ vehicle_ids: [seen.id] }))).result.rows;
    expect(daily[0]).toMatchObject({ day: DAY, trips: 1, distance: 62_000 });
    const logbook = (await runReport(ctx, admin, "working_time", params({ vehicle_ids: [seen.id] }))).result.rows;
    expect(logbook[0].class).toBe("business");
    const evening = (
      await runReport(
        ctx,
        admin,
        "working_time",
        params({ vehicle_ids: [seen.id], work_from: "18:00", work_to: "23:00" }),
      )
    ).result.rows;
    expect(evening[0].class).toBe("private");
  });
});

describe("eco score by driver", () => {
  it("lists trips without a known driver last and unranked, however well they scored", async () => {
    const anon = await ctx.db
      .selectFrom("vehicles")
      .select(["id", "registration", "team_id", "driver_id"])
      .where("org_id", "=", org.orgId)
      .where("driver_id", "is", null)
      .orderBy("registration")
      .executeTakeFirstOrThrow();
    await segment(anon, "trip", 700, 730, { distance: 10_000, engine: 1800 });
    try {
      const rows = (await runReport(ctx, admin, "eco_score", params({ by: "driver" }))).result.rows;
      // the two drivers of beforeAll's trips score 68 (see above); 10 km without an event scores 100
      expect(rows.map((r) => [r.score, r.rank])).toEqual([
        [68, 1],
        [68, 2],
        [100, null],
      ]);
      expect(rows[2].name).toBe("—");
    } finally {
      await sql`DELETE FROM vehicle_segments WHERE vehicle_id = ${anon.id}`.execute(ctx.db);
    }
  });
});

describe("report exports", () => {
  it("CSV: translated headers with units, values as the screen shows them, a totals line", async () => {
    const { reportCsv } = await import("../../server/modules/analytics/exports/csv-export");
    const run = await runReport(ctx, admin, "trips", params({ vehicle_ids: [seen.id] }), { allRows: true });
    const en = reportCsv(run, "en")
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(en[0]).toContain("Distance (km)");
    expect(en[1]).toContain("2026-11-17 08:00");
    expect(en[1]).toContain("62.0");
    expect(en[1]).toContain("1:30");
    expect(en[2].startsWith("Total,")).toBe(true);
    const al = reportCsv(run, "al");
    expect(al.startsWith("\uFEFF")).toBe(true);
    expect(al).toContain("Distanca (km)");
    expect(al).toContain("Gjithsej");
  });

  it("XLSX: a workbook whose numbers stay numbers", async () => {
    const { writeReportXlsx } = await import("../../server/modules/analytics/exports/xlsx-export");
    const { PassThrough } = await import("node:stream");
    const ExcelJS = (await import("exceljs")).default;
    const run = await runReport(ctx, admin, "daily_summary", params({ vehicle_ids: [seen.id] }), { allRows: true });
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c) => chunks.push(c));
    await writeReportXlsx(run, "en", "Test fleet", out);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe("Test fleet — Daily summary");
    expect(ws.getRow(4).getCell(1).value).toBe("Day");
    expect(ws.getRow(5).getCell(1).value).toBe(DAY);
    expect(ws.getRow(5).getCell(3).value).toBe(62);
  });

  it("PDF: the organisation, the report, its period, page numbers and a chart", async () => {
    const { writeReportPdf, chartBars } = await import("../../server/modules/analytics/exports/pdf-export");
    const { PassThrough } = await import("node:stream");
    const run = await runReport(ctx, admin, "trips", params(), { allRows: true });
    expect(chartBars(run, "al").map((b) => b.value)).toEqual([62, 62]);
    // a text category is labelled in the reader's words, as the table writes it
    const logbook = await runReport(ctx, admin, "working_time", params({ vehicle_ids: [seen.id] }));
    expect(chartBars(logbook, "en").map((b) => b.label)).toEqual(["Business"]);
    expect(chartBars(logbook, "al").map((b) => b.label)).toEqual(["Pune"]);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c) => chunks.push(c));
    await writeReportPdf(run, "al", "Flota Test", out);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1").match(/\/Type \/Pages\s*\/Count (\d+)/)?.[1]).toBe("1");
  });
});
