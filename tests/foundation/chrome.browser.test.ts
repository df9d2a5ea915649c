import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

describe.skipIf(!hasChromium)("application chrome in Chromium", () => {
  let srv: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("shows the update bar when the server runs a newer build than the page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${srv.url}/login?lng=en`);
    await page.waitForLoadState("networkidle");
    expect(await page.locator('[data-testid="update-bar"]').count()).toBe(0);
    // The server is "redeployed": /version now reports another build.
    await page.route("**/version", (route) => route.fulfill({ json: { version: "newer-build" } }));
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    const bar = page.locator('[data-testid="update-bar"]');
    await bar.waitFor();
    expect(await bar.textContent()).toContain("Application has new version please update");
    await context.close();
  });

  it("hides the mobile banner's badge on an unknown platform and shows the one for Android", async () => {
    const android = await browser.newContext({
      userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36",
    });
    const page = await android.newPage();
    await page.goto(`${srv.url}/login`);
    expect(await page.locator('[data-testid="badge-android"]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="badge-ios"]').count()).toBe(0);
    await android.close();
  });
});
