import { sql } from "kysely";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { createTestOrg, type TestOrg } from "../support/context";
import { buildExists, startTestServer, type TestServer } from "../support/server";
import { waitFor } from "../support/wait";

/**
 * How long a background report may take to complete: the job runs on the worker while other suites load the
 * machine, so this is a hang guard, not a timed assertion.
 */
const REPORT_DONE_MS = 120_000;

/** The report screens in Chromium, with JavaScript and without: the same forms, tables, refusals and archive. */
describe.skipIf(!hasChromium || !buildExists())("report screens in the browser", () => {
  let srv: TestServer;
  let browser: Browser;
  let org: TestOrg;
  let vehicle: { id: string; registration: string };
  const DAY = "2026-11-17";

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer({ withWorkers: true }), launchBrowser()]);
    org = await createTestOrg(srv.ctx, { demo: true });
    vehicle = await srv.ctx.db
      .selectFrom("vehicles")
      .select(["id", "registration"])
      .where("org_id", "=", org.orgId)
      .orderBy("registration")
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance_m, max_speed_kmh)
      VALUES (${org.orgId}, ${vehicle.id}, 'trip', '2026-11-17T07:00:00Z', '2026-11-17T08:00:00Z', 41.3, 19.8, 41.4, 19.9, 25000, 70),
             (${org.orgId}, ${vehicle.id}, 'stop', '2026-11-17T08:00:00Z', '2026-11-17T10:00:00Z', 41.4, 19.9, 41.4, 19.9, 0, 0)`.execute(
      srv.ctx.db,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  const fillPeriod = async (page: Page) => {
    await page.fill("#report-from", DAY);
    await page.fill("#report-to", DAY);
  };

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

    it(`opens a report from the list, shows its table ${javaScriptEnabled ? "and chart " : ""}and downloads it (${mode})`, async () => {
      const context = await browser.newContext({ javaScriptEnabled, acceptDownloads: true });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() === "error" && /hydrat|did not match/i.test(m.text())) errors.push(m.text());
      });
      await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword, "/analytics?lng=en");
      await page.waitForSelector('[data-testid="report-list"]');
      expect(new URL(page.url()).pathname).toBe("/analytics/reports/list");
      if (javaScriptEnabled) await waitForHydration(page);
      await page.click('[data-testid="report-daily_summary"] a');
      await page.waitForSelector('[data-testid="report-form"]');
      if (javaScriptEnabled) await waitForHydration(page);
      await fillPeriod(page);
      await page.click('[data-testid="report-run"]');
      await page.waitForSelector('[data-testid="report-table"]');
      expect(await page.locator('[data-testid="report-table"] tbody tr').count()).toBe(1);
      expect(await page.textContent('[data-testid="report-table"] tbody tr')).toContain("25.0");
      if (javaScriptEnabled) {
        await page.waitForSelector('[data-testid="report-chart"][data-ready="1"]');
        expect(await page.locator('[data-testid="report-chart"] canvas').count()).toBe(1);
        // the interactive chart took the place of the server's drawing
        expect(await page.locator('[data-testid="report-chart-svg"]').count()).toBe(0);
      } else {
        expect(await page.locator('[data-testid="report-chart-svg"] svg').count()).toBe(1);
      }
      const download = page.waitForEvent("download");
      await page.click('[data-testid="export-xlsx"]');
      expect((await download).suggestedFilename()).toBe(`daily_summary-${DAY}-${DAY}.xlsx`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`the detailed report asks for a vehicle next to its field, then shows the timeline (${mode})`, async () => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() === "error" && /hydrat|did not match/i.test(m.text())) errors.push(m.text());
      });
      await signInInBrowser(
        page,
        srv.url,
        org.adminEmail,
        org.adminPassword,
        "/analytics/reports/vehicle_details?lng=en",
      );
      await page.waitForSelector('[data-testid="report-form"]');
      if (javaScriptEnabled) await waitForHydration(page);
      await fillPeriod(page);
      await page.click('[data-testid="report-run"]');
      await page.waitForSelector("#report-vehicle_ids-error");
      expect(await page.textContent("#report-vehicle_ids-error")).toBe("Choose a vehicle for this report.");
      expect(await page.getAttribute("#report-vehicle_ids", "aria-invalid")).toBe("true");
      await page.selectOption("#report-vehicle_ids", vehicle.id);
      await page.click('[data-testid="report-run"]');
      await page.waitForSelector('[data-testid="timeline"]');
      expect(new URL(page.url()).pathname).toBe(`/analytics/reports/vehicle/details/${vehicle.id}`);
      expect(await page.locator('[data-testid="timeline"] li').count()).toBe(2);
      expect(await page.textContent("h1")).toContain(vehicle.registration);
      if (javaScriptEnabled) {
        await page.waitForSelector('[data-testid="details-map"]');
        expect(await page.getAttribute('[data-testid="details-map"]', "data-points")).toBe("1");
      } else {
        expect(await page.locator('[data-testid="details-map"]').count()).toBe(0);
      }
      // straight to the page in the other language: a fresh document that hydrates without a mismatch
      await page.goto(`${srv.url}/analytics/reports/vehicle/details/${vehicle.id}?from=${DAY}&to=${DAY}&lng=al`);
      await page.waitForSelector('[data-testid="timeline"]');
      if (javaScriptEnabled) await waitForHydration(page);
      expect(await page.textContent('[data-testid="timeline"] li[data-kind="trip"]')).toContain("Udhëtim".slice(0, 3));
      expect(errors).toEqual([]);
      await context.close();
    });

    it(
      `runs a report in the background and follows it to COMPLETED in the archive, in both languages (${mode})`,
      async () => {
        const context = await browser.newContext({ javaScriptEnabled });
        const page = await context.newPage();
        await signInInBrowser(
          page,
          srv.url,
          org.adminEmail,
          org.adminPassword,
          `/analytics/reports/trips?from=${DAY}&to=${DAY}&lng=al`,
        );
        await page.waitForSelector('[data-testid="report-table"]');
        if (javaScriptEnabled) await waitForHydration(page);
        await page.click('[data-testid="report-background"]');
        await page.waitForSelector('[data-testid="archive-started"]');
        expect(new URL(page.url()).pathname).toBe("/analytics/archive");
        const row = page.locator('[data-testid="archive-row"]').first();
        if (javaScriptEnabled) {
          // the list refreshes itself while a report runs
          await page.waitForSelector('[data-testid="archive-row"][data-status="COMPLETED"]', {
            timeout: REPORT_DONE_MS,
          });
        } else {
          await waitFor(
            async () => {
              if ((await row.getAttribute("data-status")) === "COMPLETED") return true;
              await page.goto(`${srv.url}/analytics/archive`);
              return false;
            },
            REPORT_DONE_MS,
            500,
          );
        }
        expect(await row.getAttribute("data-status")).toBe("COMPLETED");
        expect(await row.textContent()).toContain("Completed");
        await page.goto(`${srv.url}/analytics/archive?lng=al`);
        expect(await row.textContent()).toContain("Përfunduar");
        expect(await row.locator('[data-testid="archive-pdf"]').getAttribute("href")).toMatch(
          /^\/analytics\/archive\/[0-9a-f-]{36}\/files\/pdf$/,
        );
        await context.close();
      },
      REPORT_DONE_MS + 60_000,
    );
  }
});
