import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { createMapOrg, storeFixes, type MapTestOrg } from "../support/map-org";

type Mode = "ok" | "style-down" | "tiles-fail";

/** A stand-in for an online tile host (OpenFreeMap) on loopback: a style, empty vector tiles, or failures. */
async function startTileHost() {
  const state = { mode: "ok" as Mode, tiles: 0, styles: 0 };
  const server: Server = createServer((req, res) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (req.url === "/styles/street") {
      state.styles++;
      if (state.mode === "style-down") return req.socket.destroy();
      res.setHeader("Content-Type", "application/json");
      return res.end(
        JSON.stringify({
          version: 8,
          sources: {
            streets: {
              type: "vector",
              tiles: [`${origin}/tiles/{z}/{x}/{y}.pbf`],
              maxzoom: 14,
              attribution: "© Loopback Streets © OpenStreetMap contributors",
            },
          },
          layers: [
            { id: "street-background", type: "background", paint: { "background-color": "#f8f4f0" } },
            {
              id: "street-water",
              type: "fill",
              source: "streets",
              "source-layer": "water",
              paint: { "fill-color": "#9ebdff" },
            },
          ],
        }),
      );
    }
    if (req.url?.startsWith("/tiles/")) {
      state.tiles++;
      if (state.mode === "tiles-fail") return res.writeHead(503).end();
      res.setHeader("Content-Type", "application/x-protobuf");
      return res.end(); // an empty vector tile
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const basemapOf = (page: Page) => page.getAttribute('[data-testid="fleet-map"] .map-canvas', "data-basemap");

describe.skipIf(!hasChromium)("basemap: online style with offline fallback", () => {
  let host: Awaited<ReturnType<typeof startTileHost>>;
  let srv: TestServer;
  let browser: Browser;
  let org: MapTestOrg;

  beforeAll(async () => {
    host = await startTileHost();
    [srv, browser] = await Promise.all([
      startTestServer({ config: { MAP_STYLE: "online", MAP_STYLE_URL: `${host.url}/styles/street` } }),
      launchBrowser(),
    ]);
    org = await createMapOrg(srv.ctx, 1);
    await storeFixes(srv.ctx, org, org.vehicles[0], [
      { at: new Date(Date.now() - 60_000), lat: 41.3275, lon: 19.8187, speed: 0, ignition: false },
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
    await host?.close();
  });

  /** A fresh browser context (no remembered fallback), signed in, on the live map. */
  async function openManage(problems: string[]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(`${srv.url}/login`);
    await page.fill('input[name="email"]', org.adminEmail);
    await page.fill('input[name="password"]', org.adminPassword);
    await page.press('input[name="password"]', "Enter");
    await page.waitForURL(`${srv.url}/manage`);
    await page.waitForSelector('[data-testid="fleet-map"][data-ready="1"]', { timeout: 20_000 });
    return { page, context };
  }

  it("allows the style's host in the CSP only because it is configured", async () => {
    const res = await fetch(`${srv.url}/login`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${host.url.replace(/\./g, "\\.")}(;|$)`));
    expect(csp).not.toContain("openfreemap");
  });

  it("uses a reachable style, loads its tiles and shows its attribution", async () => {
    host.state.mode = "ok";
    const tilesBefore = host.state.tiles;
    const problems: string[] = [];
    const { page, context } = await openManage(problems);
    await expect.poll(() => basemapOf(page)).toBe("online");
    await expect.poll(() => host.state.tiles, { timeout: 10_000 }).toBeGreaterThan(tilesBefore);
    expect(await page.evaluate(() => window.__flotaMap?.getLayer("street-water")?.id)).toBe("street-water");
    await expect.poll(() => page.locator(".maplibregl-ctrl-attrib-inner").textContent()).toContain("Loopback Streets");
    // Stays online: nothing to fall back from.
    await page.waitForTimeout(1500);
    expect(await basemapOf(page)).toBe("online");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("falls back to the offline basemap at once when the style cannot be fetched", async () => {
    host.state.mode = "style-down";
    const problems: string[] = [];
    const started = Date.now();
    const { page, context } = await openManage(problems);
    await expect.poll(() => basemapOf(page)).toBe("offline");
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await page.evaluate(() => Boolean(window.__flotaMap?.getSource("countries")))).toBe(true);
    expect(await page.evaluate(() => window.__flotaMap?.getLayer("vehicle-pins")?.id)).toBe("vehicle-pins");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("switches to the offline basemap when the tiles fail, keeping the vehicle pins", async () => {
    host.state.mode = "tiles-fail";
    const problems: string[] = [];
    const { page, context } = await openManage(problems);
    await expect.poll(() => basemapOf(page), { timeout: 15_000 }).toBe("offline");
    await expect.poll(() => page.evaluate(() => Boolean(window.__flotaMap?.getSource("countries")))).toBe(true);
    expect(await page.evaluate(() => window.__flotaMap?.getLayer("street-water"))).toBeUndefined();
    const pins = await page.evaluate(async () => {
      const source = window.__flotaMap?.getSource("vehicles") as
        | { getData(): Promise<GeoJSON.FeatureCollection> }
        | undefined;
      return source ? (await source.getData()).features.length : -1;
    });
    expect(pins).toBe(1);
    expect(await page.evaluate(() => window.__flotaMap?.getLayer("vehicle-pins")?.id)).toBe("vehicle-pins");
    expect(problems).toEqual([]);
    await context.close();
  });
});
