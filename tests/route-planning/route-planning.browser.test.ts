import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { createTestOrg, type TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";
import { insertJob } from "./helpers";

describe.skipIf(!hasChromium)("route planning in Chromium", () => {
  let srv: TestServer;
  let org: TestOrg;
  let browser: Browser;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    org = await createTestOrg(srv.ctx);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("reassigns a job by dragging it onto another vehicle's lane in the scheduler, and shows the dispatch map", async () => {
    const [a, b] = [
      await createVehicle(srv.ctx, { org, registration: "DRAG 1" }),
      await createVehicle(srv.ctx, { org, registration: "DRAG 2" }),
    ];
    const job = await insertJob(srv.ctx, org.orgId, {
      name: "Drag me",
      vehicle_id: a.id,
      scheduled_arrival: "10:00",
      scheduled_departure: "12:00",
    });
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await signInInBrowser(
      page,
      srv.url,
      org.adminEmail,
      org.adminPassword,
      "/route-planning/routing-dispatch/scheduler",
    );
    await waitForHydration(page);
    const bar = page.locator(`[data-lane="${a.id}"] [data-job="${job.id}"]`);
    await bar.dragTo(page.locator(`[data-lane="${b.id}"] .lane-track`));
    await page.locator(`[data-lane="${b.id}"] [data-job="${job.id}"]`).waitFor();
    const row = await srv.ctx.db
      .selectFrom("route_jobs")
      .select("vehicle_id")
      .where("id", "=", job.id)
      .executeTakeFirstOrThrow();
    expect(row.vehicle_id).toBe(b.id);
    await page.goto(`${srv.url}/route-planning/routing-dispatch/map`);
    await waitForHydration(page);
    await page.locator('[data-testid="dispatch-map"]').waitFor();
    expect(await page.locator(`tr[data-job="${job.id}"]`).count()).toBe(1);
    await page.close();
  });
});
