import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TeltonikaClient } from "../../server/telematics/simulator";
import type { TelematicsRuntime } from "../../server/runtime";
import { hasChromium, launchBrowser } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { createMapOrg, storeFixes, type MapTestOrg } from "../support/map-org";

/** The vehicle's point as the map's GeoJSON source holds it (null while absent). */
function pinOf(page: Page, vehicleId: string) {
  return page.evaluate(async (id) => {
    const map = window.__flotaMap;
    const source = map?.getSource("vehicles") as
      | { getData(): Promise<GeoJSON.FeatureCollection<GeoJSON.Point>> }
      | undefined;
    if (!source) return null;
    const data = await source.getData();
    const f = data.features.find((x) => x.properties?.vehicleId === id);
    return f
      ? {
          coordinates: f.geometry.coordinates,
          pin: f.properties?.pin as string,
          course: f.properties?.course as number,
        }
      : null;
  }, vehicleId);
}

describe.skipIf(!hasChromium)("live map in Chromium", () => {
  let srv: TestServer;
  let telematics: TelematicsRuntime;
  let browser: Browser;
  let org: MapTestOrg;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer({ telematics: true }), launchBrowser()]);
    telematics = srv.telematics as TelematicsRuntime;
    org = await createMapOrg(srv.ctx, 1);
    await storeFixes(srv.ctx, org, org.vehicles[0], [
      { at: new Date(Date.now() - 60_000), lat: 41.3275, lon: 19.8187, speed: 0, ignition: false },
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("a device frame sent over TCP moves the pin on the map", async () => {
    const vehicle = org.vehicles[0];
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    await page.goto(`${srv.url}/login`);
    await page.fill('input[name="email"]', org.adminEmail);
    await page.fill('input[name="password"]', org.adminPassword);
    await page.press('input[name="password"]', "Enter");
    await page.waitForURL(`${srv.url}/manage`);
    await page.waitForSelector('[data-testid="fleet-map"][data-ready="1"]');
    await page.waitForSelector('[data-testid="live-state"][data-state="open"]');
    await expect.poll(() => pinOf(page, vehicle.id), { timeout: 10_000 }).not.toBeNull();
    const before = await pinOf(page, vehicle.id);
    expect(before).toMatchObject({ coordinates: [19.8187, 41.3275], pin: "pin-stopped" });
    // The page subscribes right after the socket opens; wait until the server has the subscription.
    await expect
      .poll(
        async () => {
          const row = await srv.ctx.db
            .selectFrom("live_subscriptions")
            .select("vehicle_id")
            .where("vehicle_id", "=", vehicle.id)
            .executeTakeFirst();
          return row?.vehicle_id ?? null;
        },
        { timeout: 10_000 },
      )
      .toBe(vehicle.id);

    const device = await TeltonikaClient.connect(telematics.ports.teltonika as number);
    try {
      expect(await device.handshake(vehicle.imei)).toBe(true);
      const acked = await device.sendRecords([
        {
          fixTime: new Date(Date.now() - 1000),
          latitude: 41.3402,
          longitude: 19.8456,
          speed: 42,
          course: 135,
          satellites: 10,
          ignition: true,
        },
      ]);
      expect(acked).toBe(1);
    } finally {
      device.close();
    }

    const rounded = async () => (await pinOf(page, vehicle.id))?.coordinates.map((c) => Math.round(c * 1e4) / 1e4);
    await expect.poll(rounded, { timeout: 15_000 }).toEqual([19.8456, 41.3402]);
    const after = await pinOf(page, vehicle.id);
    expect(after?.coordinates[0]).toBeCloseTo(19.8456, 4);
    expect(after?.coordinates[1]).toBeCloseTo(41.3402, 4);
    expect(after?.pin).toBe("pin-moving");
    expect(after?.course).toBe(135);
    const row = page.locator(`[data-testid="fleet-table"] tr[data-vehicle-id="${vehicle.id}"]`);
    expect(await row.locator("[data-state]").getAttribute("data-state")).toBe("moving");
    expect(await row.textContent()).toContain("42 km/h");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("asks for confirmation in a dialog before blocking, then shows the recorded status", async () => {
    const vehicle = org.vehicles[0];
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${srv.url}/login`);
      await page.fill('input[name="email"]', org.adminEmail);
      await page.fill('input[name="password"]', org.adminPassword);
      await page.press('input[name="password"]', "Enter");
      await page.waitForURL(`${srv.url}/manage`);
      await page.waitForSelector('[data-testid="fleet-map"][data-ready="1"]');
      await page.click(`[data-testid="fleet-table"] tr[data-vehicle-id="${vehicle.id}"] a`);
      await page.waitForSelector(`[data-testid="vehicle-panel"][data-vehicle-id="${vehicle.id}"]`);
      expect(new URL(page.url()).searchParams.get("vehicle")).toBe(vehicle.id);
      await page.click('[data-testid="immobilize-controls"] [data-action="block"]');
      await page.waitForSelector("dialog[open] h2");
      expect(await page.locator("dialog[open] h2").textContent()).toBe("Block the engine?");
      expect(new URL(page.url()).pathname).toBe("/manage");
      expect(
        await srv.ctx.db.selectFrom("device_commands").select("id").where("vehicle_id", "=", vehicle.id).execute(),
      ).toEqual([]);
      // No device is connected now, so the command is recorded as Failed (device offline).
      await page.click('[data-testid="confirm-immobilization"]');
      await page.waitForSelector('[data-testid="immobilization-result"]');
      const rows = await srv.ctx.db
        .selectFrom("device_commands")
        .select(["action", "status", "error"])
        .where("vehicle_id", "=", vehicle.id)
        .execute();
      expect(rows).toEqual([{ action: "block", status: "Failed", error: "device offline" }]);
      expect(await page.getAttribute('[data-testid="immobilization-result"]', "data-status")).toBe("Failed");
      expect(await page.locator('[data-testid="immobilization-result"]').textContent()).toBe(
        "Block: Failed (Device offline)",
      );
      await page.waitForFunction(() => !document.querySelector("dialog[open]"), undefined, { timeout: 5000 });
    } finally {
      await context.close();
    }
  });
});
