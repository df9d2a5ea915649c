import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAlert } from "./log-fixtures";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { createTestOrg, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";

describe.skipIf(!hasChromium)("in-app alert notifications in Chromium", () => {
  let srv: TestServer;
  let browser: Browser;
  let org: TestOrg;
  let vehicle: { id: string; registration: string };

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer({ live: true }), launchBrowser()]);
    org = await createTestOrg(srv.ctx, { demo: true });
    vehicle = await srv.ctx.db
      .selectFrom("vehicles")
      .select(["id", "registration"])
      .where("org_id", "=", org.orgId)
      .orderBy("registration")
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("a published alert shows a toast with the type, vehicle and summary, and raises the bell's counter", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    try {
      await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword, "/alerts/log?lng=en");
      await waitForHydration(page);
      const bell = page.locator('[data-testid="alert-bell"]');
      expect(await bell.getAttribute("data-count")).toBe("0");
      expect(await page.locator('[data-testid="alert-bell-count"]').count()).toBe(0);
      await page.waitForSelector('[data-testid="alert-bell"][data-live="open"]', { timeout: 10_000 });

      const occurredAt = new Date(Date.now() - 5_000).toISOString();
      const id = await insertAlert(srv.ctx, org.orgId, {
        vehicle: vehicle.id,
        type: "speeding",
        at: occurredAt,
        policyName: "Speed 90",
        details: { speed: 97, limit: 90 },
        notify: { [org.adminId]: false },
      });
      const bus = srv.ctx.live;
      expect(bus).toBeDefined();
      await bus!.publish({
        k: "alert",
        o: org.orgId,
        u: [org.adminId],
        a: {
          id,
          alertType: "speeding",
          policyName: "Speed 90",
          vehicleId: vehicle.id,
          vehicleName: vehicle.registration,
          placeName: null,
          occurredAt,
          details: { speed: 97, limit: 90 },
        },
      });

      const toast = page.locator('[data-testid="notifications"] .toast-alert');
      await toast.waitFor({ timeout: 10_000 });
      expect(await toast.locator("strong").textContent()).toBe(`Speeding · ${vehicle.registration}`);
      expect(await toast.textContent()).toContain("97 km/h, limit 90 km/h");
      await page.waitForSelector('[data-testid="alert-bell"][data-count="1"]');
      expect(await page.locator('[data-testid="alert-bell-count"]').textContent()).toBe("1");

      // A notice for someone else, or for another organisation, changes nothing here.
      await bus!.publish({
        k: "alert",
        o: org.orgId,
        u: ["00000000-0000-0000-0000-000000000000"],
        a: { id: "x1", alertType: "idling", vehicleName: "X", details: {} },
      });
      await bus!.publish({
        k: "alert",
        o: "00000000-0000-0000-0000-000000000000",
        u: [org.adminId],
        a: { id: "x2", alertType: "idling", vehicleName: "X", details: {} },
      });
      await page.waitForTimeout(500);
      expect(await bell.getAttribute("data-count")).toBe("1");

      // The bell leads to the unread alerts; marking all read brings the counter back to zero.
      await bell.click();
      await page.waitForURL((url) => url.searchParams.get("unread") === "1");
      await page.waitForSelector(`[data-alert-id="${id}"]`);
      await page.click('[data-testid="mark-all-read"]');
      await page.waitForSelector('[data-testid="alert-bell"][data-count="0"]');
      await page.waitForSelector('[data-testid="marked-read"]');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the overview draws its charts after hydration; a click on a slice opens the log filtered to that type", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    try {
      await insertAlert(srv.ctx, org.orgId, {
        vehicle: vehicle.id,
        type: "speeding",
        at: new Date(Date.now() - 3_600_000).toISOString(),
        policyName: "Speed 90",
        details: { speed: 101, limit: 90 },
      });
      await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword, "/alerts/overview?lng=en");
      await waitForHydration(page);
      for (const id of ["chart-by-type", "chart-by-vehicle", "chart-by-day"])
        await page.waitForSelector(`[data-testid="${id}"][data-ready="1"] canvas`, { timeout: 8000 });
      expect(await page.locator('[data-testid="overview-data"]').getAttribute("open")).toBeNull();
      const box = (await page.locator('[data-testid="chart-by-type"]').boundingBox())!;
      const r = Math.min(box.width, box.height) / 2;
      // The pie grows in with an animation: click on the ring until the click lands on the slice.
      await expect
        .poll(
          async () => {
            if (new URL(page.url()).pathname === "/alerts/overview")
              await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.45 - r * 0.5);
            return new URL(page.url()).searchParams.get("type");
          },
          { timeout: 8000, interval: 400 },
        )
        .toBe("speeding");
      expect(new URL(page.url()).pathname).toBe("/alerts/log");
      const speeding = await srv.ctx.db
        .selectFrom("alerts")
        .select("id")
        .where("org_id", "=", org.orgId)
        .where("alert_type", "=", "speeding")
        .execute();
      await expect.poll(() => page.locator("[data-alert-id]").count()).toBe(speeding.length);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
