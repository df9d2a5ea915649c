import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateArchive } from "../../server/modules/analytics/archive/archive.service";
import { archiveRepo } from "../../server/modules/analytics/archive/archive.repo";
import { REPORTS } from "../../server/report-catalogue";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { buildExists, FormClient, startTestServer, type TestServer } from "../support/server";
import { encodeNear, formatAddress } from "../../server/shared/address-text";
import { gazetteer } from "../../server/modules/addresses/addresses.service";

/** The report pages without JavaScript: plain GET forms, server-rendered tables, downloads and archived reports. */
let srv: TestServer;
let org: TestOrg;
let vehicle: { id: string; registration: string };
let admin: FormClient;
const DAY = "2026-11-17";
const period = `from=${DAY}&to=${DAY}`;

beforeAll(async () => {
  if (!buildExists()) return;
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx, { demo: true });
  vehicle = await srv.ctx.db
    .selectFrom("vehicles")
    .select(["id", "registration"])
    .where("org_id", "=", org.orgId)
    .orderBy("registration")
    .executeTakeFirstOrThrow();
  // a morning trip (07:00–08:00 UTC = 08:00–09:00 in Tirana), then a stop
  await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance_m, max_speed_kmh)
    VALUES (${org.orgId}, ${vehicle.id}, 'trip', '2026-11-17T07:00:00Z', '2026-11-17T08:00:00Z', 41.3, 19.8, 41.4, 19.9, 25000, 70),
           (${org.orgId}, ${vehicle.id}, 'stop', '2026-11-17T08:00:00Z', '2026-11-17T10:00:00Z', 41.4, 19.9, 41.4, 19.9, 0, 0)`.execute(
    srv.ctx.db,
  );
  admin = new FormClient(srv.url);
  await admin.login(org.adminEmail, org.adminPassword);
});
afterAll(async () => srv?.close());

const html = async (c: FormClient, url: string) => {
  const res = await c.get(url);
  return { status: res.status, text: await res.text(), location: res.headers.get("location") };
};

describe.skipIf(!buildExists())("report pages", () => {
  it("lists every report type, grouped, with what it answers, in both languages", async () => {
    const en = await html(admin, "/analytics/reports/list?lng=en");
    expect(en.status).toBe(200);
    for (const r of REPORTS) expect(en.text, r.type).toContain(`data-testid="report-${r.type}"`);
    expect(en.text).toContain("Where did each vehicle go, how far and how fast?");
    expect(en.text).toContain('href="/analytics/reports/trips"');
    expect(en.text).toContain(">Driving<");
    const al = await html(admin, "/analytics/reports/list?lng=al");
    expect(al.text).toContain("Raportet");
    expect(al.text).not.toContain("Where did each vehicle go");
  });

  it("opens a report with its parameters and shows nothing before it is asked for", async () => {
    const page = await html(admin, "/analytics/reports/stops?lng=en");
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="from"');
    expect(page.text).toContain('name="vehicle_ids"');
    expect(page.text).toContain('name="team_ids"');
    expect(page.text).toContain('name="driver_ids"');
    expect(page.text).toContain('name="min_minutes"');
    expect(page.text).not.toContain('data-testid="report-table"');
    const working = await html(admin, "/analytics/reports/working_time?lng=en");
    expect(working.text).toContain('name="work_from"');
    expect(working.text.match(/name="work_days"/g)).toHaveLength(7);
    expect((await html(admin, "/analytics/reports/no_such_report")).status).toBe(404);
  });

  it("renders the table with its totals, the chart's figures and the download links on the server", async () => {
    const page = await html(admin, `/analytics/reports/trips?${period}&vehicle_ids=${vehicle.id}&lng=en`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="report-table"');
    expect(page.text).toContain(vehicle.registration);
    expect(page.text).toContain("2026-11-17 08:00");
    expect(page.text).toContain("Distance (km)");
    expect(page.text).toContain("25.0");
    expect(page.text).toContain('data-testid="report-total"');
    // a vehicle opens its detailed report for the same period
    expect(page.text).toContain(`href="/analytics/reports/vehicle/details/${vehicle.id}?from=${DAY}&amp;to=${DAY}"`);
    expect(page.text).toContain(
      `/analytics/reports/trips/export/pdf?from=${DAY}&amp;to=${DAY}&amp;vehicle_ids=${vehicle.id}`,
    );
    const al = await html(admin, `/analytics/reports/trips?${period}&lng=al`);
    expect(al.text).toContain("Distanca (km)".slice(0, 5));
    expect(al.text).toContain("Gjithsej");
  });

  it("names each trip's start and end with no internet: the nearest settlement, in the reader's language", async () => {
    const text = (lat: number, lon: number, lng: "al" | "en") =>
      formatAddress(encodeNear(gazetteer().nearest(lat, lon)!), lng);
    for (const lng of ["en", "al"] as const) {
      const page = await html(admin, `/analytics/reports/trips?${period}&vehicle_ids=${vehicle.id}&lng=${lng}`);
      expect(page.text).toContain(`>${text(41.3, 19.8, lng)}<`);
      expect(page.text).toContain(`>${text(41.4, 19.9, lng)}<`);
      expect(page.text).not.toContain("41.30000, 19.80000");
    }
    // more than 500 m from the settlement: the distance and direction, with the language's decimal sign and compass
    expect(text(41.3, 19.8, "en")).toMatch(/^near .+, \d+\.\d km [NSEW]{1,2}$/);
    expect(text(41.3, 19.8, "al")).toMatch(/^pranë .+, \d+,\d km [VJLP]{1,2}$/);
  });

  it("draws the daily summary's chart on the server as SVG (one bar per day), so it shows without JavaScript", async () => {
    const page = await html(admin, `/analytics/reports/daily_summary?${period}&lng=en`);
    expect(page.text).toContain('data-testid="report-chart-svg"');
    expect(page.text).toContain('data-bars="1"');
    const svg =
      page.text.slice(page.text.indexOf('data-testid="report-chart-svg"')).match(/<svg[\s\S]*?<\/svg>/)?.[0] ?? "";
    // one bar (a path) for the day and the day's label on the axis
    expect(svg).toContain("<path");
    expect(svg).toContain(DAY);
  });

  it("explains a wrong period at its field", async () => {
    const page = await html(admin, `/analytics/reports/trips?from=2026-11-18&to=2026-11-17&lng=en`);
    expect(page.status).toBe(400);
    expect(page.text).toMatch(/id="report-to-error"[^>]*>The end must not be before the start\./);
  });

  it("the detailed report refuses to run without a vehicle: VEHICLE_REQUIRED next to the vehicle field (spec section 5)", async () => {
    const page = await html(admin, `/analytics/reports/vehicle_details?${period}&lng=en`);
    expect(page.status).toBe(400);
    expect(page.text).toMatch(/id="report-vehicle_ids-error"[^>]*><div>Choose a vehicle for this report\.<\/div>/);
    const al = await html(admin, `/analytics/reports/vehicle_details?${period}&lng=al`);
    expect(al.text).toContain('id="report-vehicle_ids-error"');
    expect(al.text).not.toContain("Choose a vehicle for this report.");
    // with a vehicle it opens the vehicle's own page
    const chosen = await html(admin, `/analytics/reports/vehicle_details?${period}&vehicle_ids=${vehicle.id}`);
    expect(chosen.status).toBe(302);
    expect(chosen.location).toBe(`/analytics/reports/vehicle/details/${vehicle.id}?from=${DAY}&to=${DAY}`);
  });

  it("shows a vehicle's period as a timeline of trips and stops", async () => {
    const page = await html(admin, `/analytics/reports/vehicle/details/${vehicle.id}?${period}&lng=en`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="timeline"');
    expect(page.text).toContain('data-kind="trip"');
    expect(page.text).toContain('data-kind="stop"');
    expect(page.text).toMatch(/data-testid="summary-trips"[^>]*>1</);
    expect(page.text).toContain(
      `/analytics/reports/vehicle_details/export/pdf?from=${DAY}&amp;to=${DAY}&amp;vehicle_ids=${vehicle.id}`,
    );
    expect((await html(admin, "/analytics/reports/vehicle/details/not-a-uuid")).status).toBe(404);
    expect((await html(admin, "/analytics/reports/vehicle/details/00000000-0000-4000-8000-000000000000")).status).toBe(
      404,
    );
  });

  it("downloads CSV, Excel and PDF outside the frame, and refuses a bad period as text", async () => {
    const csv = await admin.get(`/analytics/reports/trips/export/csv?${period}&lng=en`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="trips-${DAY}-${DAY}.csv"`);
    const text = await csv.text();
    expect(text).toContain("Distance (km)");
    expect(text).toContain("25.0");
    expect(text).not.toContain("<html");
    const xlsx = await admin.get(`/analytics/reports/trips/export/xlsx?${period}`);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    const pdf = await admin.get(`/analytics/reports/vehicle_details/export/pdf?${period}&vehicle_ids=${vehicle.id}`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const refused = await admin.get(`/analytics/reports/vehicle_details/export/pdf?${period}`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("VEHICLE_REQUIRED");
    expect((await admin.get(`/analytics/reports/trips/export/docx?${period}`)).status).toBe(404);
  });

  it("runs a report in the background: RUNNING with progress, then COMPLETED with downloads", async () => {
    const res = await admin.post(
      "/analytics/reports/trips",
      { intent: "archive", from: DAY, to: DAY, vehicle_ids: vehicle.id },
      { from: `/analytics/reports/trips?${period}` },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/analytics/archive?started=1");
    const archive = await srv.ctx.db
      .selectFrom("archived_reports")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(archive).toMatchObject({ status: "RUNNING", report_type: "trips", requested_by: org.adminId });
    await archiveRepo.progress(srv.ctx.db, archive.id, 40);
    const running = await html(admin, "/analytics/archive?started=1&lng=en");
    expect(running.text).toContain('data-testid="archive-started"');
    expect(running.text).toMatch(/data-status="RUNNING"/);
    expect(running.text).toContain("Running");
    expect(running.text).toMatch(/data-testid="archive-progress"[^>]*>40 %/);

    expect(await generateArchive(srv.ctx, archive.id)).toBe("COMPLETED");
    const done = await html(admin, "/analytics/archive?lng=al");
    expect(done.text).toMatch(/data-status="COMPLETED"/);
    expect(done.text).toContain("Përfunduar");
    expect(done.text).toContain(`/analytics/archive/${archive.id}/files/pdf`);
    const file = await admin.get(`/analytics/archive/${archive.id}/files/csv`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="trips-${DAY}-${DAY}.csv"`);
    expect(await file.text()).toContain("25.0");
  });

  it("shows a FAILED report with its reason and retries it", async () => {
    const id = (await archiveRepo.insert(srv.ctx.db, {
      orgId: org.orgId,
      requestedBy: org.adminId,
      scheduleId: null,
      type: "trips",
      params: { from: DAY, to: DAY },
      from: DAY,
      to: DAY,
      runKey: null,
    }))!;
    await archiveRepo.finish(srv.ctx.db, id, "FAILED", { error: "INTERRUPTED" });
    const page = await html(admin, "/analytics/archive?lng=en");
    expect(page.text).toMatch(/data-status="FAILED"/);
    expect(page.text).toContain("Generation was interrupted (the server restarted) three times.");
    const res = await admin.post("/analytics/archive", { intent: "retry", id });
    expect(res.status).toBe(302);
    expect((await archiveRepo.find(srv.ctx.db, id))!.status).toBe("RUNNING");
    // a completed or running one is not retried
    const again = await admin.post("/analytics/archive", { intent: "retry", id });
    expect(again.status).toBe(409);
  });

  it("permissions: a viewer runs reports but neither archives nor sees others' archives; a driver gets no reports", async () => {
    const archive = await srv.ctx.db
      .selectFrom("archived_reports")
      .select("id")
      .where("org_id", "=", org.orgId)
      .where("status", "=", "COMPLETED")
      .executeTakeFirstOrThrow();
    const [viewerRow, driverRow] = await Promise.all([
      srv.ctx.db
        .selectFrom("users")
        .select("id")
        .where("org_id", "=", org.orgId)
        .where("id", "<>", org.adminId)
        .where("is_driver", "=", false)
        .executeTakeFirstOrThrow(),
      srv.ctx.db
        .selectFrom("users")
        .select("id")
        .where("org_id", "=", org.orgId)
        .where("is_driver", "=", true)
        .executeTakeFirstOrThrow(),
    ]);
    await srv.ctx.db
      .updateTable("users")
      .set({ role_id: org.roles.viewer, vehicle_access: "all", team_id: null })
      .where("id", "=", viewerRow.id)
      .execute();
    await srv.ctx.db.updateTable("users").set({ role_id: org.roles.driver }).where("id", "=", driverRow.id).execute();
    const as = async (userId: string) => {
      const c = new FormClient(srv.url);
      c.cookies.set("flota_session", (await principalFor(srv.ctx, userId)).token);
      return c;
    };
    const viewer = await as(viewerRow.id);
    const list = await html(viewer, "/analytics/reports/list");
    expect(list.status).toBe(200);
    expect(list.text).toContain('data-testid="report-trips"');
    expect(list.text).not.toContain('data-testid="report-immobilization"');
    expect((await html(viewer, `/analytics/reports/immobilization?${period}`)).status).toBe(403);
    const trips = await html(viewer, `/analytics/reports/trips?${period}`);
    expect(trips.text).toContain('data-testid="report-result"');
    expect(trips.text).not.toContain('data-testid="report-background"');
    expect((await viewer.post("/analytics/reports/trips", { intent: "archive", from: DAY, to: DAY })).status).toBe(403);
    expect((await html(viewer, "/analytics/archive")).text).not.toContain(archive.id);
    expect((await viewer.get(`/analytics/archive/${archive.id}/files/pdf`)).status).toBe(404);

    const driver = await as(driverRow.id);
    expect((await driver.get("/analytics/reports/list")).status).toBe(403);
    expect((await driver.get(`/analytics/reports/trips/export/csv?${period}`)).status).toBe(403);
    expect((await driver.get(`/analytics/reports/vehicle/details/${vehicle.id}?${period}`)).status).toBe(403);
    // without a session: to the login page
    const anonymous = new FormClient(srv.url);
    expect((await anonymous.get("/analytics/reports/list")).status).toBe(302);
    expect((await anonymous.get(`/analytics/archive/${archive.id}/files/pdf`)).status).toBe(302);
  });
});
