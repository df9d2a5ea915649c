import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../server/shared/dates";
import { hasChromium, launchBrowser, signInInBrowser } from "../support/browser";
import { createTestOrg, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";
import { poolVehicle, purpose, TZ } from "./helpers";

describe.skipIf(!hasChromium)("booking from the calendar in Chromium without JavaScript", () => {
  let srv: TestServer;
  let org: TestOrg;
  let browser: Browser;
  let registration: string;
  let purposeLabel: string;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    org = await createTestOrg(srv.ctx);
    registration = (await poolVehicle(srv.ctx, org)).registration;
    purposeLabel = (await purpose(srv.ctx, org, "Takim")).label;
    await srv.ctx.db.updateTable("users").set({ default_language: "al" }).where("id", "=", org.adminId).execute();
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("a free slot opens the form; a refusal names the rule by its field in Albanian; the booking then stands on the calendar", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword);
    const day = addDays(todayIn(TZ), 2);
    await page.goto(`${srv.url}/car-sharing/calendar?week=${day}`);
    expect(await page.locator('[data-testid="calendar-grid"] thead th').first().textContent()).toBe("Automjeti");
    await page.click(`a[aria-label$="Rezervo ${registration} ${day}"]`);
    await page.waitForURL((u) => u.pathname === "/car-sharing/bookings/new");
    expect(await page.inputValue('input[name="start"]')).toBe(`${day} 08:00`);
    // the end before the start, no destination: both refused together, each by its field
    await page.fill('input[name="end"]', `${day} 07:00`);
    await page.selectOption('select[name="purpose"]', { label: purposeLabel });
    await page.click('[data-testid="booking-save"]');
    await page.waitForSelector('[data-testid="error-end"]');
    expect(await page.textContent('[data-testid="error-end"]')).toContain("Mbarimi duhet të vijë pas fillimit.");
    expect(await page.textContent('[data-testid="error-destination"]')).toContain("Shkruani destinacionin.");
    await page.fill('input[name="destination"]', "Durrës");
    await page.fill('input[name="end"]', `${day} 10:00`);
    await page.click('[data-testid="booking-save"]');
    await page.waitForURL((u) => /^\/car-sharing\/bookings\/[0-9a-f-]{36}$/.test(u.pathname));
    expect(await page.textContent('[data-testid="booking-status"]')).toContain("Miratuar");
    await page.goto(`${srv.url}/car-sharing/calendar?week=${day}`);
    expect(await page.locator('[data-testid="calendar-booking"]').first().textContent()).toContain("08:00–10:00");
    await context.close();
  });

  it("the Day toggle opens one day; a free hour books with its start prefilled; the booking is then edited from its details", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword);
    const day = addDays(todayIn(TZ), 3);
    await page.goto(`${srv.url}/car-sharing/calendar?week=${day}`);
    await page.click('[data-testid="view-day"]');
    await page.waitForURL((u) => u.pathname === "/car-sharing/calendar/day");
    await page.goto(`${srv.url}/car-sharing/calendar/day?date=${addDays(day, -1)}`);
    await page.click('a[rel="next"]');
    await page.waitForURL((u) => u.searchParams.get("date") === day);
    expect(await page.textContent('[data-testid="calendar-day"]')).toContain("Europe/Tirane");
    await page.click(`a[aria-label="Rezervo ${registration} ${day} 09:00"]`);
    await page.waitForURL((u) => u.pathname === "/car-sharing/bookings/new");
    expect(await page.inputValue('input[name="start"]')).toBe(`${day} 09:00`);
    await page.fill('input[name="end"]', `${day} 10:00`);
    await page.fill('input[name="destination"]', "Vlorë");
    await page.selectOption('select[name="purpose"]', { label: purposeLabel });
    await page.click('[data-testid="booking-save"]');
    await page.waitForURL((u) => /^\/car-sharing\/bookings\/[0-9a-f-]{36}$/.test(u.pathname));
    await page.goto(`${srv.url}/car-sharing/calendar/day?date=${day}`);
    expect(await page.locator('td[data-hour="09:00"] [data-testid="calendar-booking"]').textContent()).toContain(
      "09:00–10:00",
    );
    expect(await page.locator('td[data-hour="09:00"] [data-testid="free-slot"]').count()).toBe(0);
    await page.click('td[data-hour="09:00"] [data-testid="calendar-booking"]');
    await page.click('[data-testid="edit-start"]');
    await page.waitForURL((u) => u.pathname.endsWith("/edit"));
    expect(await page.inputValue('input[name="destination"]')).toBe("Vlorë");
    await page.fill('input[name="end"]', `${day} 11:30`);
    await page.click('[data-testid="booking-save"]');
    await page.waitForURL((u) => u.searchParams.get("updated") === "1");
    expect(await page.textContent('[data-testid="notice"]')).toContain("Rezervimi u ndryshua.");
    expect(await page.textContent('[data-testid="booking-details"]')).toContain(`${day} 11:30`);
    await context.close();
  });
});
