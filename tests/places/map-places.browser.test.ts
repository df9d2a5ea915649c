import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGeofence, createPoi } from "../../server/modules/places/places.service";
import { hasChromium, launchBrowser, signInInBrowser } from "../support/browser";
import { principalFor } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";
import { createMapOrg, type MapTestOrg } from "../support/map-org";

/** Names of the places the live map's "places" source holds, and whether each layer group is visible. */
function placesOnMap(page: Page) {
  return page.evaluate(async () => {
    const map = window.__flotaMap;
    const source = map?.getSource("places") as { getData(): Promise<GeoJSON.FeatureCollection> } | undefined;
    if (!map || !source) return null;
    const data = await source.getData();
    const visible = (id: string) => map.getLayoutProperty(id, "visibility") !== "none";
    return {
      names: data.features.map((f) => String(f.properties?.name)).sort(),
      pois: visible("places-poi"),
      geofences: visible("places-geofence-fill") && visible("places-geofence-line"),
    };
  });
}

describe.skipIf(!hasChromium)("places on the live map in Chromium", () => {
  let srv: TestServer;
  let browser: Browser;
  let org: MapTestOrg;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    org = await createMapOrg(srv.ctx, 1);
    const admin = await principalFor(srv.ctx, org.adminId);
    await createPoi(srv.ctx, admin, {
      name: "Depot Kashar",
      category: "depot",
      city: "Tirana",
      latitude: 41.35,
      longitude: 19.75,
      icon: "pin",
      icon_color: "#16a34a",
    });
    await createGeofence(srv.ctx, admin, {
      name: "Port zone",
      category: "port",
      shape: "circle",
      latitude: 41.31,
      longitude: 19.45,
      radius_m: 800,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("shows the organisation's points of interest and geofences as layers that can be switched off", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword);
    await page.waitForSelector('[data-testid="fleet-map"][data-ready="1"]');
    await expect
      .poll(async () => (await placesOnMap(page))?.names ?? [], { timeout: 15_000 })
      .toEqual(["Depot Kashar", "Port zone"]);
    expect(await placesOnMap(page)).toMatchObject({ pois: true, geofences: true });
    await page.uncheck('[data-testid="map-layers"] input[name="layer-geofences"]');
    await expect.poll(async () => (await placesOnMap(page))?.geofences).toBe(false);
    expect((await placesOnMap(page))?.pois).toBe(true);
    await context.close();
  });
});
