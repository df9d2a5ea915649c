import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toLocalInput } from "../../app/lib/map/time";
import { DEFAULT_TIME_ZONE } from "../../server/modules/organization/organization.service";
import { hasChromium, launchBrowser } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { createMapOrg, sampleDrive, storeFixes, type MapTestOrg } from "../support/map-org";

describe.skipIf(!hasChromium)("replay in Chromium", () => {
  let srv: TestServer;
  let browser: Browser;
  let org: MapTestOrg;
  const drive = sampleDrive(2);

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    org = await createMapOrg(srv.ctx, 1);
    await storeFixes(srv.ctx, org, org.vehicles[0], drive);
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("plays the track forward, and the chart and scrubber move the same clock", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(`${srv.url}/login`);
    await page.fill('input[name="email"]', org.adminEmail);
    await page.fill('input[name="password"]', org.adminPassword);
    await page.press('input[name="password"]', "Enter");
    await page.waitForURL(`${srv.url}/manage`);
    const query = new URLSearchParams({
      vehicle: org.vehicles[0].id,
      from: toLocalInput(new Date(Date.now() - 3_600_000), DEFAULT_TIME_ZONE),
      to: toLocalInput(new Date(Date.now() + 60_000), DEFAULT_TIME_ZONE),
    });
    await page.goto(`${srv.url}/replay?${query}`);
    await page.waitForSelector('[data-testid="replay-map"][data-ready="1"]');
    await page.waitForSelector('[data-testid="speed-chart"] canvas');

    const scrubber = page.locator('[data-testid="scrubber"]');
    const start = Number(await scrubber.getAttribute("min"));
    const end = Number(await scrubber.getAttribute("max"));
    expect(start).toBe(drive[0].at.getTime());
    expect(end).toBe(drive[drive.length - 1].at.getTime());
    expect(Number(await scrubber.inputValue())).toBe(start);

    await page.selectOption('[data-testid="playback-speed"]', "16");
    await page.click('[data-testid="play-toggle"]');
    await page.waitForFunction(
      (e) => Number((document.querySelector('[data-testid="scrubber"]') as HTMLInputElement).value) === e,
      end,
    );
    await page.waitForSelector('[data-testid="play-toggle"][aria-pressed="false"]');

    await scrubber.fill(String(start));
    await page.waitForFunction(
      (s) => Number((document.querySelector('[data-testid="scrubber"]') as HTMLInputElement).value) === s,
      start,
    );
    await page.locator('[data-testid="speed-chart"]').scrollIntoViewIfNeeded();
    const box = (await page.locator('[data-testid="speed-chart"]').boundingBox())!;
    await page.mouse.click(box.x + box.width - 30, box.y + box.height / 2);
    await page.waitForFunction(
      (s) => Number((document.querySelector('[data-testid="scrubber"]') as HTMLInputElement).value) !== s,
      start,
    );
    const sought = Number(await scrubber.inputValue());
    expect(sought).toBeGreaterThan(start + (end - start) / 2);
    expect(sought).toBeLessThanOrEqual(end);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("refuses a period older than one year through the form with JavaScript on", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${srv.url}/login`);
    await page.fill('input[name="email"]', org.adminEmail);
    await page.fill('input[name="password"]', org.adminPassword);
    await page.press('input[name="password"]', "Enter");
    await page.waitForURL(`${srv.url}/manage`);
    await page.click('nav a[href="/replay"]');
    await page.waitForSelector('[data-testid="replay-form"]');
    await page.selectOption('select[name="vehicle"]', org.vehicles[0].id);
    await page.fill('input[name="from"]', "2020-03-01T08:00");
    await page.fill('input[name="to"]', "2020-03-01T18:00");
    await page.click('[data-testid="replay-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="replay-error"]');
    expect(await page.getAttribute('[data-testid="replay-error"]', "data-code")).toBe("PERIOD_TOO_OLD");
    expect(await page.locator('[data-testid="replay-error"]').textContent()).toContain("older than one year");
    expect(await page.locator('[data-testid="replay-player"]').count()).toBe(0);
    await context.close();
  });
});
