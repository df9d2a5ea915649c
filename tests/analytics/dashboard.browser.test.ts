import { sql } from "kysely";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { dashboardRepo } from "../../server/modules/analytics/dashboard/dashboard.repo";
import { browserSuite } from "../support/browser-suite";
import { hasChromium, signInInBrowser } from "../support/browser";

/** The signed-in frame keeps a live connection open, so "network idle" never comes: wait for React Router itself. */
const waitForHydration = (page: Page) => page.waitForFunction(() => "__reactRouterRouteModules" in window);

describe.skipIf(!hasChromium)("dashboard and report e-mail notifications in Chromium", () => {
  const s = browserSuite();
  let vehicle: { id: string; registration: string };

  const tiles = () =>
    s.srv.ctx.db
      .selectFrom("dashboard_tiles")
      .selectAll()
      .where("user_id", "=", s.org.adminId)
      .orderBy("position")
      .execute();
  const clearTiles = () => s.srv.ctx.db.deleteFrom("dashboard_tiles").where("user_id", "=", s.org.adminId).execute();

  beforeAll(async () => {
    vehicle = await s.srv.ctx.db
      .selectFrom("vehicles")
      .select(["id", "registration"])
      .where("org_id", "=", s.org.orgId)
      .orderBy("registration")
      .executeTakeFirstOrThrow();
    const start = new Date(Date.now() - 2 * 86_400_000);
    await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance_m, max_speed_kmh, engine_s)
      VALUES (${s.org.orgId}, ${vehicle.id}, 'trip', ${start.toISOString()}, ${new Date(start.getTime() + 3_600_000).toISOString()}, 41.3, 19.8, 41.4, 19.9, 42000, 90, 3600)`.execute(
      s.srv.ctx.db,
    );
  });

  async function open(javaScriptEnabled: boolean): Promise<Page> {
    const page = await (
      await s.browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 1000 } })
    ).newPage();
    page.setDefaultTimeout(20_000);
    await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword);
    return page;
  }

  /** Fills the tile form: a bar chart of distance over the previous seven days. */
  async function addBarTile(page: Page) {
    await page.selectOption('[data-testid="field-metric"]', "distance");
    await page.selectOption('[data-testid="field-chart_type"]', "bar");
    await page.selectOption('[data-testid="field-time_window"]', "previous_7_days");
    await page.click('[data-testid="save-tile"]');
    await page.waitForURL(/\/dashboard\/metrics\?saved=1$/);
  }

  it("with JavaScript: the navigation opens the dashboard, a new bar tile draws its ECharts chart and links to its report", async () => {
    await clearTiles();
    const page = await open(true);
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    await page.click('nav a[href="/dashboard"]');
    await page.waitForURL(/\/dashboard\/metrics$/);
    await waitForHydration(page);
    await page.click('[data-testid="add-tile"]');
    await page.waitForURL(/\/dashboard\/metrics\/add$/);
    await waitForHydration(page);
    await addBarTile(page);
    await page.waitForSelector('[data-testid="tile-chart"][data-ready="1"]');
    // the interactive chart took the place of the server's SVG
    expect(await page.locator('[data-testid="tile-svg"]').count()).toBe(0);
    expect(await page.locator('[data-testid="tile-chart"] canvas').count()).toBeGreaterThan(0);
    // the figures stay one click away as a table
    expect(await page.locator('[data-testid="tile"] details summary').textContent()).toBe("Show as table");
    const href = await page.getAttribute('[data-testid="tile-report"]', "href");
    expect(href).toMatch(/^\/analytics\/reports\/mileage\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
    // the server's SVG and the first client render agree (no hydration error)
    await page.reload();
    await page.waitForSelector('[data-testid="tile-chart"][data-ready="1"]');
    expect(problems.filter((p) => /hydrat|did not match|error #41[89]|error #42[35]/i.test(p))).toEqual([]);
  }, 60_000);

  it("with JavaScript: tiles are reordered and removed in place; benchmarks switch to teams", async () => {
    const page = await open(true);
    await page.goto(`${s.srv.url}/dashboard/metrics/add`);
    await waitForHydration(page);
    await page.selectOption('[data-testid="field-metric"]', "trips");
    expect(await page.locator('[data-testid="field-ranking"]').isVisible()).toBe(true);
    await page.selectOption('[data-testid="field-chart_type"]', "number");
    // a number ranks nothing: its ranking fields step aside
    expect(await page.locator('[data-testid="field-ranking"]').isVisible()).toBe(false);
    await page.click('[data-testid="save-tile"]');
    await page.waitForURL(/saved=1$/);
    await waitForHydration(page);
    const [first, second] = await tiles();
    await page.locator('[data-testid="tile-down"]').first().click();
    await expect.poll(async () => (await tiles()).map((t) => t.id)).toEqual([second.id, first.id]);
    // the page shows the new order without a reload
    await expect.poll(() => page.locator('[data-testid="tile"]').first().getAttribute("data-id")).toBe(second.id);
    await page.locator('[data-testid="tile-delete"]').first().click();
    await expect.poll(async () => (await tiles()).map((t) => t.id)).toEqual([first.id]);
    await page.waitForSelector('[data-testid="tile-notice"]');
    await page.goto(`${s.srv.url}/dashboard/benchmarks`);
    await page.selectOption("#by", "team");
    await page.click('[data-testid="benchmarks-filter"] button[type="submit"]');
    await page.waitForURL(/by=team/);
    expect(await page.locator('[data-testid="fleet-row"] th').textContent()).toBe("Fleet average");
  });

  it("without JavaScript: tiles are added, shown as tables, reordered and removed", async () => {
    await clearTiles();
    const page = await open(false);
    await page.goto(`${s.srv.url}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/dashboard/metrics");
    await page.click('[data-testid="add-tile"]');
    await addBarTile(page);
    // the chart the server drew with ECharts as SVG, and the figures as a table behind "Show as table"
    expect(await page.locator('[data-testid="tile-chart"]').count()).toBe(0);
    expect(await page.locator('[data-testid="tile-svg"] svg').count()).toBe(1);
    expect(await page.locator('[data-testid="tile-svg"] svg text', { hasText: vehicle.registration }).count()).toBe(1);
    await page.click('[data-testid="tile"] details summary');
    expect(await page.locator('[data-testid="tile"] details table').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="tile"] table').textContent()).toContain(vehicle.registration);
    expect(await page.locator('[data-testid="tile-value"]').textContent()).toContain("42");
    await page.goto(`${s.srv.url}/dashboard/metrics/add`);
    await page.selectOption('[data-testid="field-metric"]', "stops");
    await page.selectOption('[data-testid="field-chart_type"]', "number");
    await page.click('[data-testid="save-tile"]');
    await page.waitForURL(/saved=1$/);
    const [first, second] = await tiles();
    await page.locator('[data-testid="tile-up"]').nth(1).click();
    await page.waitForURL(/\/dashboard\/metrics$/);
    expect((await tiles()).map((t) => t.id)).toEqual([second.id, first.id]);
    await page.locator('[data-testid="tile-delete"]').first().click();
    await page.waitForURL(/removed=1$/);
    expect((await tiles()).map((t) => t.id)).toEqual([first.id]);
  });

  for (const js of [true, false]) {
    it(`${js ? "with" : "without"} JavaScript: a notification needs an e-mail, then is saved and listed`, async () => {
      const page = await open(js);
      await page.goto(`${s.srv.url}/analytics/notifications/add`);
      if (js) await waitForHydration(page);
      const name = `Weekly ${js ? "js" : "html"}`;
      await page.fill("#name", name);
      await page.selectOption('[data-testid="field-report_type"]', "trips");
      await page.selectOption('[data-testid="field-interval"]', "monthly");
      // with JavaScript only the chosen interval's day is shown; without it both are
      expect(await page.locator('[data-testid="field-weekday"]').isVisible()).toBe(!js);
      expect(await page.locator('[data-testid="field-month_day"]').isVisible()).toBe(true);
      await page.selectOption('[data-testid="field-month_day"]', "3");
      for (const box of await page.locator('[data-testid="user_ids-list"] input:checked').all()) await box.uncheck();
      await page.click('[data-testid="save-notification"]');
      await page.waitForSelector("text=At least one e-mail must be chosen for e-mail notifications");
      await page.fill('[data-testid="field-emails"]', "owner@example.test");
      await page.click('[data-testid="save-notification"]');
      await page.waitForURL(/\/analytics\/notifications\?created=1$/);
      expect(await page.locator('[data-testid="notification-row"]', { hasText: name }).textContent()).toContain(
        "Monthly on day 3 at 07:00",
      );
      const saved = await s.srv.ctx.db
        .selectFrom("report_schedules")
        .selectAll()
        .where("org_id", "=", s.org.orgId)
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      expect(saved).toMatchObject({
        interval: "monthly",
        month_day: 3,
        weekday: null,
        emails: ["owner@example.test"],
        user_ids: [],
      });
    });
  }

  it("in Albanian with JavaScript: the figures hydrate as the server wrote them (12 387,7), with no mismatch", async () => {
    await clearTiles();
    const db = s.srv.ctx.db;
    await dashboardRepo.insert(db, s.org.orgId, s.org.adminId, {
      metric: "distance",
      chart_type: "number",
      time_window: "previous_7_days",
      ranking: null,
      ranking_size: 10,
      aggregation: "total",
      vehicle_ids: [],
      team_ids: [],
    });
    // a long trip beside beforeAll's 42 km: 12,345.678 km + 42 km = 12,387.678 km, written "12 387,7" in Albanian
    const start = new Date(Date.now() - 2 * 86_400_000 + 7_200_000);
    await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance_m, max_speed_kmh, engine_s)
      VALUES (${s.org.orgId}, ${vehicle.id}, 'trip', ${start.toISOString()}, ${new Date(start.getTime() + 60_000).toISOString()}, 41.3, 19.8, 41.4, 19.9, 12345678, 90, 60)`.execute(
      db,
    );
    try {
      const page = await open(true);
      const problems: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") problems.push(m.text());
      });
      page.on("pageerror", (e) => problems.push(e.message));
      await page.goto(`${s.srv.url}/dashboard/metrics?lng=al`);
      await waitForHydration(page);
      // hydration has settled once React Router's navigation state is idle
      await page.waitForFunction(
        () =>
          (window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string } } } })
            .__reactRouterDataRouter?.state.navigation.state === "idle",
      );
      expect(await page.locator('[data-testid="tile-value"]').textContent()).toContain("12\u00a0387,7");
      expect(problems.filter((p) => /hydrat|did not match|error #41[89]|error #42[35]/i.test(p))).toEqual([]);
      await page.context().close();
    } finally {
      await sql`DELETE FROM vehicle_segments WHERE vehicle_id = ${vehicle.id} AND distance_m = 12345678`.execute(db);
      await clearTiles();
    }
  });
});
