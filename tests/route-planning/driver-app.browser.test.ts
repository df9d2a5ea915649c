import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateRouteSettings } from "../../server/modules/route-planning/route-planning.settings";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";
import { waitFor } from "../support/wait";
import { insertJob } from "../route-planning/helpers";
import { routeSettings } from "./helpers";

const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";

describe.skipIf(!hasChromium)("the driver's app on a phone-sized Chromium", () => {
  let srv: TestServer;
  let org: TestOrg;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let driver: Awaited<ReturnType<typeof createUser>>;
  const jobIds: string[] = [];

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    org = await createTestOrg(srv.ctx);
    await updateRouteSettings(
      srv.ctx,
      await principalFor(srv.ctx, org.adminId),
      routeSettings({ attendance_enabled: false, attendance_start_threshold: "08:00" }),
    );
    driver = await createUser(srv.ctx, { org, role: "driver", driver: true, language: "en" });
    for (const [name, arrival] of [
      ["Bakery on Rruga e Durrësit with a rather long name to wrap", "08:00"],
      ["Pharmacy", "09:00"],
    ]) {
      const job = await insertJob(srv.ctx, org.orgId, {
        driver_id: driver.id,
        name,
        address: "Rruga e Durrësit 120, Tiranë",
        contact_name: "Ana",
        contact_phone: "+355 69 000 0000",
        scheduled_arrival: arrival,
        scheduled_departure: "23:59",
      });
      jobIds.push(job.id);
    }
    context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      userAgent: ANDROID_UA,
      isMobile: true,
      hasTouch: true,
      geolocation: { latitude: 41.3276, longitude: 19.8187 },
      permissions: ["geolocation"],
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await srv?.close();
  });

  const jobRow = (id: string) =>
    srv.ctx.db.selectFrom("route_jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("signs in and lands on /driver with today's jobs, no sideways scrolling, the service worker registered", async () => {
    await signInInBrowser(page, srv.url, driver.email!, driver.password);
    expect(new URL(page.url()).pathname).toBe("/driver");
    await waitForHydration(page);
    expect(await page.locator('[data-testid="driver-job"]').count()).toBe(2);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.view);
    const scope = await page.evaluate(async () => {
      for (let i = 0; i < 200; i++) {
        const reg = await navigator.serviceWorker.getRegistration("/driver");
        if (reg?.active?.state === "activated") return reg.scope;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return null;
    });
    expect(scope).toBe(`${srv.url}/driver`);
  }, 120_000);

  it("checks in online with the phone's position", async () => {
    await page.click(`[data-job-id="${jobIds[0]}"] [data-testid="check-in"]`);
    await page.waitForSelector('[data-testid="result-applied"]');
    expect(await page.textContent('[data-testid="result-applied"]')).toContain("Checked in.");
    expect((await jobRow(jobIds[0])).status).toBe("started");
    await page.waitForSelector(`[data-job-id="${jobIds[0]}"] [data-testid="check-out"]`);
  });

  it("offline: the check-in is kept on the phone with its time, the page reopens from the cache, then it is applied", async () => {
    await context.setOffline(true);
    await page.waitForSelector('[data-testid="offline-banner"]');
    const before = new Date();
    await page.click(`[data-job-id="${jobIds[1]}"] [data-testid="check-in"]`);
    await page.waitForSelector('[data-testid="queue-pending"]');
    await page.waitForSelector(`[data-job-id="${jobIds[1]}"] [data-testid="job-queued"]`);
    expect((await jobRow(jobIds[1])).status).toBe("not_started");

    // the day stays readable offline: the service worker answers the page from its cache
    await page.reload();
    await page.waitForSelector('[data-testid="driver-job"]');
    await waitForHydration(page);
    await page.waitForSelector('[data-testid="queue-pending"]');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${srv.url}/sw.js`);

    const wentOnline = new Date();
    await context.setOffline(false);
    await page.waitForSelector('[data-testid="result-applied"][data-action="check-in"]');
    await page.waitForSelector('[data-testid="queue-pending"]', { state: "detached" });
    await waitFor(async () => (await jobRow(jobIds[1])).status === "started");
    const row = await jobRow(jobIds[1]);
    // applied with the time it was made offline, not the time it reached the server
    expect(row.arrived_at!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(row.arrived_at!.getTime()).toBeLessThan(wentOnline.getTime());
    expect(row.checkin_source).toBe("phone");
  }, 120_000);

  it("on iOS offers the home-screen steps once; dismissed, they stay away", async () => {
    const ios = await browser.newContext({
      viewport: { width: 375, height: 740 },
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      isMobile: true,
      hasTouch: true,
    });
    try {
      const p = await ios.newPage();
      p.setDefaultTimeout(20_000);
      await signInInBrowser(p, srv.url, driver.email!, driver.password);
      expect(new URL(p.url()).pathname).toBe("/driver");
      await waitForHydration(p);
      await p.waitForSelector('[data-testid="install-prompt"]');
      expect(await p.textContent('[data-testid="install-prompt"]')).toContain("Add to Home Screen");
      await p.click('[data-testid="install-prompt"] button');
      await p.waitForSelector('[data-testid="install-prompt"]', { state: "detached" });
      await p.reload();
      await waitForHydration(p);
      expect(await p.locator('[data-testid="install-prompt"]').count()).toBe(0);
    } finally {
      await ios.close();
    }
  }, 120_000);

  it("switches to Albanian", async () => {
    await page.click('[data-testid="language-switch"] button[value="al"]');
    await page.waitForSelector("text=Punët e sotme");
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.view);
  });
});
