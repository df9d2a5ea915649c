import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTile, STARTER_TILES } from "../../server/modules/analytics/dashboard/dashboard.service";
import { METRICS } from "../../server/modules/analytics/dashboard/dashboard.schema";
import { REPORT_TYPES } from "../../server/report-catalogue";
import { METRIC_REPORT } from "../../app/features/dashboard/tile-view";
import { dashboardData } from "../../server/modules/analytics/dashboard/dashboard.service";
import { seedDemoDashboard } from "../../server/seed/seed-dashboard";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { FormClient, startSignedIn, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
let vehicle: { id: string; registration: string; team_id: string | null };

const tilesOf = (userId: string) =>
  srv.ctx.db.selectFrom("dashboard_tiles").selectAll().where("user_id", "=", userId).orderBy("position").execute();
const tiles = () => tilesOf(org.adminId);
const tile = (over: Record<string, string | string[]> = {}) => ({
  metric: "distance",
  chart_type: "table",
  ranking: "top",
  ranking_size: "10",
  aggregation: "total",
  time_window: "previous_7_days",
  ...over,
});

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn({ demo: true }));
  vehicle = await srv.ctx.db
    .selectFrom("vehicles")
    .select(["id", "registration", "team_id"])
    .where("org_id", "=", org.orgId)
    .orderBy("registration")
    .executeTakeFirstOrThrow();
  // a 42 km trip two days ago: inside "previous seven days" whenever the test runs
  const start = new Date(Date.now() - 2 * 86_400_000);
  await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance_m, max_speed_kmh, engine_s)
    VALUES (${org.orgId}, ${vehicle.id}, 'trip', ${start.toISOString()}, ${new Date(start.getTime() + 3_600_000).toISOString()}, 41.3, 19.8, 41.4, 19.9, 42000, 90, 3600)`.execute(
    srv.ctx.db,
  );
});
afterAll(async () => srv?.close());

describe("dashboard without JavaScript", () => {
  it("the demo seed gives the administrator a dashboard and a Monday report e-mail", async () => {
    const demo = await createTestOrg(srv.ctx, { demo: true });
    await seedDemoDashboard(srv.ctx.db, demo.orgId, demo.adminId);
    const data = await dashboardData(srv.ctx, await principalFor(srv.ctx, demo.adminId));
    expect(data.map((d) => d.tile.chart_type)).toEqual([
      "number",
      "bar",
      "number",
      "line",
      "pie",
      "number",
      "bar",
      "table",
    ]);
    const schedules = await srv.ctx.db
      .selectFrom("report_schedules")
      .selectAll()
      .where("org_id", "=", demo.orgId)
      .execute();
    expect(schedules).toMatchObject([
      { report_type: "trips", hour: 7, interval: "weekly", weekday: 1, user_ids: [demo.adminId] },
    ]);
  });

  it("every metric opens a report type of the catalogue", () => {
    for (const m of METRICS) expect(REPORT_TYPES, m).toContain(METRIC_REPORT[m]);
  });

  it("/dashboard opens metrics; the navigation and tabs lead there; an empty dashboard invites a tile, in both languages", async () => {
    const res = await admin.get("/dashboard");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/metrics");
    const html = await (await admin.get("/dashboard/metrics")).text();
    expect(html).toContain('href="/dashboard"');
    expect(html).toContain('href="/dashboard/benchmarks"');
    expect(html).toContain('href="/dashboard/metrics/add"');
    expect(html).toContain("No tiles yet.");
    const al = await (await admin.get("/dashboard/metrics?lng=al")).text();
    expect(al).toContain("<h1>Treguesit</h1>");
    expect(al).toContain("Ende asnjë pllakë.");
  });

  it("adds a tile through the form; it shows its figure as a table and links to its report", async () => {
    const res = await admin.post("/dashboard/metrics/add", tile({ vehicle_ids: [vehicle.id] }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/metrics?saved=1");
    const [saved] = await tiles();
    expect(saved).toMatchObject({
      metric: "distance",
      chart_type: "table",
      ranking: "top",
      ranking_size: 10,
      time_window: "previous_7_days",
      vehicle_ids: [vehicle.id],
    });
    const html = await (await admin.get("/dashboard/metrics?saved=1")).text();
    expect(html).toContain("Tile saved.");
    expect(html).toContain("Distance · Previous seven days");
    expect(html).toMatch(/<strong>42<\/strong>/);
    expect(html).toContain(vehicle.registration);
    expect(html).toMatch(
      new RegExp(
        `href="/analytics/reports/mileage\\?from=\\d{4}-\\d\\d-\\d\\d&amp;to=\\d{4}-\\d\\d-\\d\\d&amp;vehicle_ids=${vehicle.id}"`,
      ),
    );
  });

  it("refuses an incomplete tile with the form's message and keeps nothing", async () => {
    const before = (await tiles()).length;
    const res = await admin.post("/dashboard/metrics/add", tile({ metric: "", time_window: "next_year" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('data-testid="form-alert"');
    expect((await tiles()).length).toBe(before);
  });

  it("edits, reorders and removes tiles", async () => {
    await admin.post("/dashboard/metrics/add", tile({ metric: "trips", chart_type: "number", aggregation: "average" }));
    const [first, second] = await tiles();
    const edit = await admin.post(
      `/dashboard/metrics/edit/${first.id}`,
      tile({ chart_type: "bar", ranking: "bottom", ranking_size: "50" }),
    );
    expect(edit.status).toBe(302);
    expect((await tiles())[0]).toMatchObject({
      chart_type: "bar",
      ranking: "bottom",
      ranking_size: 50,
      vehicle_ids: [],
    });
    const page = await (await admin.get("/dashboard/metrics")).text();
    expect(page).toMatch(/data-testid="tile-svg"[^>]*><svg [^>]*viewBox="0 0 480 256"/);
    const form = await (await admin.get(`/dashboard/metrics/edit/${first.id}`)).text();
    expect(form).toMatch(/<option value="bottom" selected="">/);
    expect((await admin.post("/dashboard/metrics", { intent: "down", id: first.id })).status).toBe(302);
    expect((await tiles()).map((t) => t.id)).toEqual([second.id, first.id]);
    expect((await admin.post("/dashboard/metrics", { intent: "up", id: first.id })).status).toBe(302);
    expect((await tiles()).map((t) => t.id)).toEqual([first.id, second.id]);
    const del = await admin.post("/dashboard/metrics", { intent: "delete", id: second.id });
    expect(del.headers.get("location")).toBe("/dashboard/metrics?removed=1");
    expect((await tiles()).map((t) => t.id)).toEqual([first.id]);
  });

  it("keeps tiles per user: another user's tile is not found; a viewer arranges their own; a driver has no dashboard", async () => {
    const manager = await createUser(srv.ctx, { org, role: "fleet_manager" });
    const other = await addTile(srv.ctx, await principalFor(srv.ctx, manager.id), {
      metric: "stops",
      chart_type: "number",
      time_window: "today",
    });
    expect((await admin.get(`/dashboard/metrics/edit/${other.id}`)).status).toBe(404);
    expect((await admin.post(`/dashboard/metrics/edit/${other.id}`, tile())).status).toBe(404);
    expect((await admin.post("/dashboard/metrics", { intent: "delete", id: other.id })).status).toBe(404);
    const m = new FormClient(srv.url);
    await m.login(manager.email!, manager.password);
    const mine = await (await m.get("/dashboard/metrics")).text();
    expect(mine).toContain("Stops · Today");
    expect(mine).not.toContain("Distance · Previous seven days");
    const viewer = await createUser(srv.ctx, { org, role: "viewer" });
    const v = new FormClient(srv.url);
    await v.login(viewer.email!, viewer.password);
    const html = await (await v.get("/dashboard/metrics")).text();
    expect(html).toContain("No tiles yet.");
    expect(html).toContain('href="/dashboard/metrics/add"');
    expect(
      (await v.post("/dashboard/metrics", { intent: "delete", id: other.id }, { from: "/dashboard/metrics" })).status,
    ).toBe(404);
    expect((await v.post("/dashboard/metrics/add", tile(), { from: "/dashboard/metrics/add" })).status).toBe(302);
    expect(await (await v.get("/dashboard/metrics")).text()).toContain("Distance · Previous seven days");
    expect((await tilesOf(manager.id)).map((t) => t.id)).toEqual([other.id]);
    const driver = await createUser(srv.ctx, { org, role: "driver" });
    const d = new FormClient(srv.url);
    await d.login(driver.email!, driver.password);
    expect((await d.get("/dashboard/metrics")).status).toBe(403);
    expect((await d.post("/dashboard/metrics", { intent: "starter" }, { from: "/dashboard/metrics" })).status).toBe(
      403,
    );
  });

  it("offers an empty dashboard the starter tiles, in both languages, and adds them once", async () => {
    const viewer = await createUser(srv.ctx, { org, role: "viewer" });
    const v = new FormClient(srv.url);
    await v.login(viewer.email!, viewer.password);
    expect(await (await v.get("/dashboard/metrics")).text()).toContain('data-testid="starter-tiles"');
    expect(await (await v.get("/dashboard/metrics?lng=al")).text()).toContain("Shto pllakat fillestare");
    const res = await v.post("/dashboard/metrics", { intent: "starter" }, { from: "/dashboard/metrics" });
    expect(res.headers.get("location")).toBe("/dashboard/metrics?saved=1");
    const added = await tilesOf(viewer.id);
    expect(added.map((t) => `${t.metric}/${t.chart_type}/${t.time_window}`)).toEqual(
      STARTER_TILES.map((t) => `${t.metric}/${t.chart_type}/${t.time_window}`),
    );
    const page = await (await v.get("/dashboard/metrics")).text();
    expect(page).not.toContain('data-testid="starter-tiles"');
    expect(page).toContain("Distance · This week");
    // a second click (a resent form) leaves the dashboard as it is
    await v.post("/dashboard/metrics", { intent: "starter" }, { from: "/dashboard/metrics" });
    expect(await tilesOf(viewer.id)).toHaveLength(STARTER_TILES.length);
  });

  it("benchmarks vehicles, drivers and teams beside the fleet average", async () => {
    const html = await (await admin.get("/dashboard/benchmarks?by=vehicle&window=previous_7_days")).text();
    expect(html).toContain('data-testid="benchmarks-table"');
    expect(html).toContain("Fleet average");
    expect(html).toContain(vehicle.registration);
    const teams = await (await admin.get("/dashboard/benchmarks?by=team&window=previous_7_days&lng=al")).text();
    expect(teams).toContain("Mesatarja e flotës");
    expect(teams).toContain('<option value="team" selected="">');
    const drivers = await admin.get("/dashboard/benchmarks?by=driver&window=nonsense");
    expect(drivers.status).toBe(200);
    expect(await drivers.text()).toContain('<option value="this_week" selected="">');
  });
});
