import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLUSTER_LAYER, PIN_LAYER } from "../../app/lib/map/vehicle-layers";
import { hasChromium, launchBrowser, signInInBrowser } from "../support/browser";
import { createTestOrg, type TestOrg } from "../support/context";
import { createVehicles } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";
import { putVehicleStates } from "../support/vehicle-state";

const TIRANA = { lat: 41.33, lon: 19.82, count: 30 };
const SHKODER = { lat: 42.07, lon: 19.51, count: 10 };

/** Waits until the map has drawn everything it has to (tiles, the vehicle source, camera moves). */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.__flotaMap!;
        map.once("idle", () => resolve());
        map.triggerRepaint();
      }),
  );

/** What the map draws now on a layer: the point count of each cluster, or the vehicle ids of single pins. */
const drawn = (page: Page, layer: string) =>
  page.evaluate((id) => {
    const map = window.__flotaMap!;
    return map.queryRenderedFeatures({ layers: [id] }).map((f) => ({
      count: f.properties.point_count as number | undefined,
      vehicleId: f.properties.vehicleId as string | undefined,
      at: (f.geometry as GeoJSON.Point).coordinates as [number, number],
    }));
  }, layer);

describe.skipIf(!hasChromium)("live map clusters in Chromium", () => {
  let srv: TestServer;
  let browser: Browser;
  let org: TestOrg;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    org = await createTestOrg(srv.ctx);
    const places = [
      ...Array.from({ length: TIRANA.count }, (_, i) => [TIRANA.lat + (i % 6) * 0.003, TIRANA.lon + (i % 5) * 0.004]),
      ...Array.from({ length: SHKODER.count }, (_, i) => [SHKODER.lat + (i % 3) * 0.003, SHKODER.lon + i * 0.002]),
    ];
    const rows = await createVehicles(srv.ctx, {
      org,
      count: places.length,
      registration: (i) => `CL ${String(i).padStart(3, "0")}`,
    });
    const at = new Date(Date.now() - 120_000);
    await putVehicleStates(
      srv.ctx,
      org.orgId,
      rows.map((r, i) => ({
        vehicle_id: r.id,
        device_id: null,
        lat: places[i][0],
        lon: places[i][1],
        speed_kmh: 0,
        course: 0,
        valid: true,
        ignition: false,
        last_fix_time: at,
        last_server_time: at,
        state_since: at,
      })),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("groups vehicles into clusters with their counts when zoomed out; a click on a cluster zooms in to its pins", {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    try {
      await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword, "/manage");
      await page.waitForSelector('[data-testid="fleet-map"][data-ready="1"] .map-canvas[data-pin-count="40"]', {
        timeout: 60_000,
      });
      await page.evaluate(() => window.__flotaMap!.jumpTo({ center: [19.7, 41.7], zoom: 7 }));
      await settled(page);

      const clusters = await drawn(page, CLUSTER_LAYER);
      expect(clusters.map((c) => c.count).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([SHKODER.count, TIRANA.count]);
      expect(await drawn(page, PIN_LAYER)).toEqual([]);
      // The badge carries the count (drawn on demand: no glyph server is needed).
      expect(
        await page.evaluate(() => [
          window.__flotaMap!.hasImage("cluster-30"),
          window.__flotaMap!.hasImage("cluster-10"),
        ]),
      ).toEqual([true, true]);

      const tirana = clusters.find((c) => c.count === TIRANA.count)!;
      const point = await page.evaluate((at) => window.__flotaMap!.project(at), tirana.at);
      const box = (await page.locator('[data-testid="fleet-map"] .map-canvas canvas').boundingBox())!;
      await page.mouse.click(box.x + point.x, box.y + point.y);
      await expect
        .poll(() => page.evaluate(() => window.__flotaMap!.getZoom()), {
          timeout: 15_000,
        })
        .toBeGreaterThan(7);
      await page.waitForFunction(() => !window.__flotaMap!.isMoving(), undefined, { timeout: 15_000 });
      await settled(page);
      const center = await page.evaluate(() => window.__flotaMap!.getCenter().toArray());
      expect(center[0]).toBeCloseTo(tirana.at[0], 1);
      expect(center[1]).toBeCloseTo(tirana.at[1], 1);
      // Zoomed in, the Tirana group splits (into smaller clusters or single pins); Shkodër is out of view.
      const after = [...(await drawn(page, CLUSTER_LAYER)), ...(await drawn(page, PIN_LAYER))];
      expect(after.length).toBeGreaterThan(1);
      expect(after.reduce((n, f) => n + (f.count ?? 1), 0)).toBe(TIRANA.count);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows single pins, not clusters, at street zoom", { timeout: 120_000 }, async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    try {
      await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword, "/manage");
      await page.waitForSelector('[data-testid="fleet-map"][data-ready="1"] .map-canvas[data-pin-count="40"]', {
        timeout: 60_000,
      });
      await page.evaluate(() => window.__flotaMap!.jumpTo({ center: [19.828, 41.3375], zoom: 14 }));
      await settled(page);
      expect(await drawn(page, CLUSTER_LAYER)).toEqual([]);
      const pins = await drawn(page, PIN_LAYER);
      expect(new Set(pins.map((p) => p.vehicleId)).size).toBe(TIRANA.count);
    } finally {
      await context.close();
    }
  });
});
