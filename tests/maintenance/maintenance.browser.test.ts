import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "../support/browser";
import { createTestOrg, type TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";

describe.skipIf(!hasChromium)("maintenance in Chromium without JavaScript", () => {
  let srv: TestServer;
  let org: TestOrg;
  let browser: Browser;
  let vans: Array<{ id: string; registration: string }>;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    org = await createTestOrg(srv.ctx);
    vans = await Promise.all(
      ["BRW 1", "BRW 2", "BRW 3"].map((registration) => createVehicle(srv.ctx, { org, registration })),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("an administrator sets an oil-change reminder for all vans, completes it and records a refuel, all with JavaScript off", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${srv.url}/login?next=${encodeURIComponent("/maintenance")}`);
    await page.fill('input[name="email"]', org.adminEmail);
    await page.fill('input[name="password"]', org.adminPassword);
    await page
      .locator("form", { has: page.locator('input[name="password"]') })
      .locator('button[type="submit"]')
      .click();
    await page.waitForURL(`${srv.url}/maintenance/reminders`);

    await page.click('a[href="/maintenance/reminders/add"]');
    await page.fill('input[name="name"]', "Oil change");
    await page.selectOption(
      'select[name="vehicle_ids"]',
      vans.map((v) => v.id),
    );
    await page.fill('input[name="interval_km"]', "15000");
    await page.fill('input[name="before_km"]', "1000");
    await page.fill('input[name="base_odometer_km"]', "0");
    await page.locator('[data-testid="reminder-form"] button[type="submit"]').click();
    await page.waitForURL(/\/maintenance\/reminders\?created=3/);
    expect(await page.locator('[data-testid="reminders-table"] tbody tr').count()).toBe(3);

    await page.locator('[data-testid="reminders-table"] a', { hasText: "Oil change" }).first().click();
    await page.waitForURL(/\/maintenance\/reminders\/edit\//);
    await page.fill('[data-testid="complete-form"] input[name="odometer_km"]', "15100");
    await page.fill('[data-testid="complete-form"] input[name="cost"]', "45");
    await page.locator('[data-testid="complete-form"] button[type="submit"]').click();
    await page.waitForURL(/completed=1/);
    expect(await page.locator('[data-testid="reminder-summary"]').innerText()).toContain("15,000 km");

    await page.goto(`${srv.url}/maintenance/fuel/add?vehicle_id=${vans[0].id}`);
    await page.fill('[data-testid="fuel-form"] input[name="liters"]', "42");
    await page.fill('[data-testid="fuel-form"] input[name="price"]', "75");
    await page.fill('[data-testid="fuel-form"] input[name="odometer_km"]', "15200");
    await page.locator('[data-testid="fuel-form"] button[type="submit"]').click();
    await page.waitForURL(`${srv.url}/maintenance/fuel?created=1`);
    expect(await page.locator('[data-testid="fuel-table"] tbody tr').count()).toBe(1);
    await context.close();
  });
});
