import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPolicy, parsePolicyInput } from "../../server/modules/alerts/alerts.service";
import type { TelematicsRuntime } from "../../server/runtime";
import { TeltonikaClient } from "../../server/telematics/simulator";
import { principalFor } from "../support/context";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { createMapOrg, storeFixes, type MapTestOrg } from "../support/map-org";

describe.skipIf(!hasChromium)("alerts end to end in Chromium", () => {
  let srv: TestServer;
  let browser: Browser;
  let org: MapTestOrg;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer({ telematics: true }), launchBrowser()]);
    org = await createMapOrg(srv.ctx, 1);
    await storeFixes(srv.ctx, org, org.vehicles[0], [
      { at: new Date(Date.now() - 60_000), lat: 41.3275, lon: 19.8187, speed: 40, ignition: true },
    ]);
    const admin = await principalFor(srv.ctx, org.adminId);
    await createPolicy(
      srv.ctx,
      admin,
      parsePolicyInput({
        name: "Town limit 50",
        alert_type: "speeding",
        speed_limit_kmh: "50",
        all_vehicles: "on",
        days: ["0", "1", "2", "3", "4", "5", "6"],
        notify_in_app: "on",
        recipient_ids: [org.adminId],
      }),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("a device frame over the limit raises a toast and the bell's counter on an open page, and the alert is in the log", async () => {
    const vehicle = org.vehicles[0];
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    try {
      await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword, "/configuration/profile?lng=en");
      await waitForHydration(page);
      await page.waitForSelector('[data-testid="alert-bell"][data-live="open"]', { timeout: 10_000 });
      expect(await page.locator('[data-testid="alert-bell"]').getAttribute("data-count")).toBe("0");

      const device = await TeltonikaClient.connect((srv.telematics as TelematicsRuntime).ports.teltonika as number);
      try {
        expect(await device.handshake(vehicle.imei)).toBe(true);
        expect(
          await device.sendRecords([
            {
              fixTime: new Date(Date.now() - 2000),
              latitude: 41.33,
              longitude: 19.82,
              speed: 72,
              course: 90,
              satellites: 10,
              ignition: true,
            },
          ]),
        ).toBe(1);
      } finally {
        device.close();
      }

      const toast = page.locator('[data-testid="notifications"] .toast-alert');
      await toast.waitFor({ timeout: 15_000 });
      expect(await toast.textContent()).toContain("72 km/h, limit 50 km/h");
      await page.waitForSelector('[data-testid="alert-bell"][data-count="1"]');

      await page.goto(`${srv.url}/alerts/log?lng=en`);
      await waitForHydration(page);
      const rows = page.locator("[data-alert-id]");
      expect(await rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain("Town limit 50");

      // A new crossing while the log is open appears in it without a reload.
      await page.waitForSelector('[data-testid="alert-bell"][data-live="open"]', { timeout: 10_000 });
      const again = await TeltonikaClient.connect((srv.telematics as TelematicsRuntime).ports.teltonika as number);
      try {
        expect(await again.handshake(vehicle.imei)).toBe(true);
        expect(
          await again.sendRecords([
            {
              fixTime: new Date(Date.now() - 1500),
              latitude: 41.331,
              longitude: 19.821,
              speed: 30,
              course: 90,
              satellites: 10,
              ignition: true,
            },
            {
              fixTime: new Date(Date.now() - 1000),
              latitude: 41.332,
              longitude: 19.822,
              speed: 66,
              course: 90,
              satellites: 10,
              ignition: true,
            },
          ]),
        ).toBe(2);
      } finally {
        again.close();
      }
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      expect(await rows.first().textContent()).toContain("66 km/h");

      // "Show on map" opens the replay around the alert: both alerts are listed and drawn as dots on the track.
      await rows.first().locator('[data-testid="show-on-map"]').click();
      await page.waitForURL((url) => url.pathname === "/replay");
      await page.waitForSelector('[data-testid="replay-map"][data-ready="1"]', { timeout: 15_000 });
      expect(await page.locator('[data-testid="replay-alerts"] [data-alert-id]').count()).toBe(2);
      expect(await page.locator('[data-testid="replay-map"]').getAttribute("data-alerts")).toBe("2");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
