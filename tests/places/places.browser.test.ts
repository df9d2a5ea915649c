import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite";
import { hasChromium } from "../support/browser";

if (!hasChromium)
  console.log("[places-browser] skipped: Chromium is not installed (set CHROMIUM_PATH or apt-get install -y chromium)");

describe.skipIf(!hasChromium)("places in Chromium", () => {
  const s = browserSuite({});

  async function signIn(page: Page) {
    page.setDefaultTimeout(20_000);
    await page.goto(`${s.srv.url}/login`);
    await page.waitForLoadState("networkidle");
    await page.fill('input[name="email"]', s.org.adminEmail);
    await page.fill('input[name="password"]', s.org.adminPassword);
    await page
      .locator("form", { has: page.locator('input[name="password"]') })
      .locator('button[type="submit"]')
      .click();
    await page.waitForURL(`${s.srv.url}/manage`);
  }

  /** Waits for the form map's own layers, then clicks the map where the given coordinate is drawn. */
  async function clickMapAt(page: Page, lonLat: [number, number]) {
    await page.waitForFunction(() => Boolean(window.__flotaPlacesMap?.getSource("place-shape")));
    const point = await page.evaluate((ll) => {
      const map = window.__flotaPlacesMap!;
      map.jumpTo({ center: [19.8, 41.3], zoom: 12 });
      return map.project(ll as [number, number]);
    }, lonLat);
    const mapBox = page.locator('[data-testid="place-editor-map"]');
    await mapBox.scrollIntoViewIfNeeded();
    const box = (await mapBox.boundingBox())!;
    await page.mouse.click(box.x + point.x, box.y + point.y);
  }

  it("places a POI by clicking on the map; the coordinates land in the inputs and are saved", async () => {
    const page = await (await s.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await signIn(page);
    await page.goto(`${s.srv.url}/places/add-new-poi`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await clickMapAt(page, [19.8123, 41.3057]);
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>("#latitude")?.value ?? "") !== "");
    const lat = Number(await page.inputValue("#latitude"));
    const lon = Number(await page.inputValue("#longitude"));
    expect(lat).toBeCloseTo(41.3057, 3);
    expect(lon).toBeCloseTo(19.8123, 3);
    await page.fill("#name", "Clicked depot");
    await page.fill("#category", "Depot");
    await page.click('[data-testid="place-submit"]');
    await page.waitForURL(/\/places\/edit-poi\/[0-9a-f-]{36}\?created=1$/);
    const saved = await s.srv.ctx.db
      .selectFrom("places")
      .selectAll()
      .where("org_id", "=", s.org.orgId)
      .where("name", "=", "Clicked depot")
      .executeTakeFirstOrThrow();
    expect(saved.latitude).toBe(lat);
    expect(saved.longitude).toBe(lon);

    // The list shows it on the map too, in a layer that can be switched off.
    await page.goto(`${s.srv.url}/places/points`);
    await page.waitForFunction(
      () => (window.__flotaPlacesMap?.queryRenderedFeatures({ layers: ["places-poi"] }).length ?? 0) > 0,
    );
    const names = await page.evaluate(() =>
      window.__flotaPlacesMap!.queryRenderedFeatures({ layers: ["places-poi"] }).map((f) => f.properties.name),
    );
    expect(names).toEqual(["Clicked depot"]);
    await page.locator('[data-testid="places-map"] input[type="checkbox"]').first().uncheck();
    expect(await page.evaluate(() => window.__flotaPlacesMap!.getLayoutProperty("places-poi", "visibility"))).toBe(
      "none",
    );
  });

  it("asks before leaving a form with unsaved changes", async () => {
    const page = await (await s.browser.newContext()).newPage();
    await signIn(page);
    await page.goto(`${s.srv.url}/places/add-new-poi`);
    await page.waitForSelector('[data-testid="place-editor-map"]');
    await page.fill("#name", "Not saved yet");
    const dialog = page.waitForEvent("dialog");
    void page.click('a[href="/places/points"] >> nth=-1');
    const d = await dialog;
    expect(d.message()).toContain("unsaved changes");
    await d.dismiss();
    expect(new URL(page.url()).pathname).toBe("/places/add-new-poi");
    expect(await page.inputValue("#name")).toBe("Not saved yet");
  });

  it("sets a circle's centre by clicking and draws it with the typed radius", async () => {
    const page = await (await s.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await signIn(page);
    await page.goto(`${s.srv.url}/places/add-new-geofence`);
    await page.waitForSelector('[data-testid="place-editor-map"]');
    expect(await page.locator('[data-testid="polygon-fields"]').isHidden()).toBe(true);
    await clickMapAt(page, [19.81, 41.31]);
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>("#latitude")?.value ?? "") !== "");
    await page.fill("#radius_m", "1500");
    const ring = await page.waitForFunction(async () => {
      const src = window.__flotaPlacesMap?.getSource("place-shape") as unknown as
        | { getData(): Promise<GeoJSON.FeatureCollection> }
        | undefined;
      const data = await src?.getData();
      const geometry = data?.features[0]?.geometry;
      return geometry?.type === "Polygon" ? geometry.coordinates[0].length : 0;
    });
    expect(await ring.jsonValue()).toBe(65);
    await page.fill("#name", "Clicked circle");
    await page.fill("#category", "Zone");
    await page.click('[data-testid="place-submit"]');
    await page.waitForURL(/\/places\/edit-geofence\/[0-9a-f-]{36}\?created=1$/);
    const saved = await s.srv.ctx.db
      .selectFrom("places")
      .selectAll()
      .where("org_id", "=", s.org.orgId)
      .where("name", "=", "Clicked circle")
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ shape: "circle", radius_m: 1500 });
    expect(saved.latitude).toBeCloseTo(41.31, 3);
    expect(saved.longitude).toBeCloseTo(19.81, 3);
  });

  it("draws a polygon by clicking, removes the last vertex, and saves the vertices from the textarea", async () => {
    const page = await (await s.browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await signIn(page);
    await page.goto(`${s.srv.url}/places/add-new-geofence`);
    await page.waitForSelector('[data-testid="place-editor-map"]'); // rendered once hydrated
    await page.check('[data-testid="shape-polygon"]');
    expect(await page.locator('[data-testid="circle-fields"]').isHidden()).toBe(true);
    for (const ll of [
      [19.78, 41.29],
      [19.82, 41.29],
      [19.83, 41.32],
      [19.79, 41.31],
    ] as Array<[number, number]>) {
      await clickMapAt(page, ll);
    }
    await page.waitForFunction(
      () => (document.querySelector<HTMLTextAreaElement>("#polygon")?.value.split("\n").length ?? 0) === 4,
    );
    await page.click('[data-testid="remove-last-vertex"]');
    expect(await page.locator('[data-testid="polygon-vertex"]').count()).toBe(3);
    const text = await page.inputValue("#polygon");
    expect(text.split("\n")).toHaveLength(3);
    await page.fill("#name", "Clicked zone");
    await page.fill("#category", "Zone");
    await page.click('[data-testid="place-submit"]');
    await page.waitForURL(/\/places\/edit-geofence\/[0-9a-f-]{36}\?created=1$/);
    const saved = await s.srv.ctx.db
      .selectFrom("places")
      .selectAll()
      .where("org_id", "=", s.org.orgId)
      .where("name", "=", "Clicked zone")
      .executeTakeFirstOrThrow();
    expect(saved.shape).toBe("polygon");
    expect(saved.polygon).toHaveLength(3);
    expect(saved.polygon![2][0]).toBeCloseTo(19.83, 3);
    expect(saved.polygon![2][1]).toBeCloseTo(41.32, 3);
  });
});
