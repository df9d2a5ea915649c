import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DemoCamera } from "../../server/simulator/demo-camera";
import { TeltonikaClient } from "../../server/telematics/simulator/teltonika-client";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { createTestOrg, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";
import { waitFor } from "../support/wait";
import { createCameraVehicle } from "./support";

describe.skipIf(!hasChromium)("video in Chromium", () => {
  let srv: TestServer;
  let org: TestOrg;
  let browser: Browser;
  let tracker: TeltonikaClient;
  let registration: string;
  let stop = false;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer({ telematics: true }), launchBrowser()]);
    org = await createTestOrg(srv.ctx);
    const v = await createCameraVehicle(srv.ctx, { org });
    registration = v.registration;
    const rt = srv.telematics!;
    tracker = await TeltonikaClient.connect(rt.ports.teltonika!);
    expect(await tracker.handshake(v.imei)).toBe(true);
    await waitFor(() => rt.gateways.teltonika!.isConnected(v.imei));
    // the demo vehicle's tracker and camera: answer each camreq, then upload over the camera link
    const camera = new DemoCamera(v.imei, rt.ports.camera!, 7, srv.ctx.log);
    void (async () => {
      while (!stop) {
        const text = await tracker.receiveCommand(60_000).catch(() => null);
        if (!text) continue;
        await tracker.respondToCommand(camera.handleCommand(text, { lat: 41.3275, lon: 19.8187 }) ?? "?");
      }
    })();
  });
  afterAll(async () => {
    stop = true;
    tracker?.close();
    await browser?.close();
    await srv?.close();
  });

  it("requests a 10-second clip, watches it complete, plays it next to the map and finds it by search", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    page.setDefaultTimeout(30_000);
    await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword, "/video");
    await waitForHydration(page);
    await page.selectOption("#vehicleId", { label: registration });
    await page.selectOption("#mediaType", "video");
    await page.fill("#durationS", "10");
    await page.click('[data-testid="request-submit"]');
    await page.waitForURL(/\/video\/details\/[0-9a-f-]{36}/);
    const id = /details\/([0-9a-f-]{36})/.exec(page.url())![1];
    // the page follows the request by itself until the clip is there
    await page.waitForSelector('[data-testid="video-details"][data-status="completed"]', { timeout: 30_000 });
    const clip = page.locator('[data-testid="video-clip"]');
    await clip.waitFor();
    expect(await clip.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.waitForSelector('[data-testid="video-map"]');
    expect(await page.getAttribute('[data-testid="video-download"]', "href")).toBe(`/video/media/${id}?download=1`);

    await page.goto(`${srv.url}/video/search?lat=41.3275&lon=19.8187&radiusM=200`);
    await expect.poll(() => page.locator(`a[href="/video/details/${id}"]`).count()).toBeGreaterThan(0);
    await page.goto(`${srv.url}/video/search?lat=40.0&lon=20.0&radiusM=200`);
    expect(await page.locator(`a[href="/video/details/${id}"]`).count()).toBe(0);
  }, 120_000);
});
