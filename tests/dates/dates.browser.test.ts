import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { createLogFixture, type LogFixture } from "../alerts/log-fixtures";

/** An American browser (en-US, New York) must still read and write dates as section 9 says. */
describe.skipIf(!hasChromium)("dates in an American browser", () => {
  let srv: TestServer;
  let browser: Browser;
  let f: LogFixture;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    f = await createLogFixture(srv.ctx);
    await srv.ctx.db.updateTable("users").set({ birthday: "1990-07-04" }).where("id", "=", f.adminId).execute();
    context = await browser.newContext({ locale: "en-US", timezoneId: "America/New_York" });
    page = await context.newPage();
    page.on("pageerror", (e) => problems.push(e.message));
    // the fields' server HTML (no calendar button) must hydrate without a mismatch
    page.on("console", (m) => {
      if (m.type() === "error" && /hydrat|did not match/i.test(m.text())) problems.push(m.text());
    });
    await signInInBrowser(
      page,
      srv.url,
      f.adminEmail,
      f.adminPassword,
      "/alerts/log?from=2025-01-10&to=2025-01-10&lng=en",
    );
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await srv?.close();
  });

  it("the calendar opens on the field's month with Sunday in the first column; a click fills YYYY-MM-DD", async () => {
    await waitForHydration(page);
    await page.click('[data-testid="af-from-calendar"]');
    const picker = page.locator('[data-testid="date-picker"]');
    await picker.waitFor();
    expect(await picker.locator(".date-picker-caption").textContent()).toBe("January 2025");
    const headers = picker.locator("thead th");
    expect(await headers.count()).toBe(7);
    expect(await headers.first().getAttribute("abbr")).toBe("Sunday");
    expect(await headers.last().getAttribute("abbr")).toBe("Saturday");
    // every first cell of a row is a Sunday
    const firstDays = await picker
      .locator("tbody tr td:first-child")
      .evaluateAll((tds) => tds.map((td) => td.getAttribute("data-date")!));
    expect(firstDays[0]).toBe("2024-12-29");
    for (const d of firstDays) expect(new Date(`${d}T12:00:00Z`).getUTCDay()).toBe(0);
    expect(await picker.locator('[aria-selected="true"]').getAttribute("data-date")).toBe("2025-01-10");
    expect(await picker.getAttribute("role")).toBe("dialog");
    expect(await picker.locator("table").getAttribute("role")).toBe("grid");

    // "from" cannot be after the chosen "to" (2025-01-10)
    expect(await picker.locator('td[data-date="2025-01-11"]').getAttribute("aria-disabled")).toBe("true");
    expect(await picker.locator('td[aria-current="date"]').count()).toBe(0);
    await picker.locator('td[data-date="2025-01-08"]').click();
    await picker.waitFor({ state: "detached" });
    expect(await page.inputValue("#af-from")).toBe("2025-01-08");
  });

  it("works from the keyboard: arrows move, Page Down changes month, Enter chooses, Escape closes", async () => {
    await page.focus('[data-testid="af-to-calendar"]');
    await page.keyboard.press("Enter");
    const picker = page.locator('[data-testid="date-picker"]');
    await picker.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-date"))).toBe("2025-01-10");
    // the "to" calendar cannot go before the chosen "from" (2025-01-08)
    expect(await picker.locator('td[data-date="2025-01-07"]').getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-date"))).toBe("2025-01-18");
    await page.keyboard.press("PageDown");
    expect(await picker.locator(".date-picker-caption").textContent()).toBe("February 2025");
    await page.keyboard.press("Enter");
    await picker.waitFor({ state: "detached" });
    expect(await page.inputValue("#af-to")).toBe("2025-02-18");

    await page.click('[data-testid="af-to-calendar"]');
    await picker.waitFor();
    await page.keyboard.press("Escape");
    await picker.waitFor({ state: "detached" });
    expect(await page.inputValue("#af-to")).toBe("2025-02-18");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("af-to-calendar");

    await Promise.all([
      page.waitForURL(/from=2025-01-08&to=2025-02-18/),
      page.click(".alert-filters button[type=submit]"),
    ]);
  });

  it("no page shows an American date, a 12-hour time or a browser-formatted date input", async () => {
    const american = /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;
    const twelveHour = /\b\d{1,2}:\d{2}(:\d{2})?\s?(AM|PM)\b/i;
    const pages = [
      "/alerts/log?from=2025-01-01&to=2025-01-31&lng=en",
      "/alerts/overview?from=2025-01-01&to=2025-01-31&lng=en",
      `/alerts/policies/policy/${f.policies.speeding}?lng=en`,
      `/alerts/policies/edit/${f.policies.speeding}?lng=en`,
      "/alerts/policies?lng=en",
      "/replay?lng=en",
      "/configuration/users/list?lng=en",
      `/configuration/users/update/${f.adminId}?lng=en`,
      "/configuration/settings?lng=en",
      "/immobilization?lng=en",
      "/manage/faults?lng=en",
      "/configuration/audit-log?lng=en",
    ];
    for (const path of pages) {
      const res = await page.goto(srv.url + path);
      expect(res?.status(), path).toBeLessThan(400);
      await waitForHydration(page);
      const text = await page.locator("body").innerText();
      expect(text, path).not.toMatch(american);
      expect(text, path).not.toMatch(twelveHour);
      const values = await page
        .locator("input")
        .evaluateAll((inputs) => inputs.map((i) => `${(i as HTMLInputElement).type}:${(i as HTMLInputElement).value}`));
      expect(
        values.filter((v) => /^(date|datetime-local|time|month|week):/.test(v)),
        path,
      ).toEqual([]);
      expect(
        values.filter((v) => american.test(v) || twelveHour.test(v)),
        path,
      ).toEqual([]);
    }
    await page.goto(`${srv.url}/alerts/log?from=2025-01-10&to=2025-01-10&lng=en`);
    expect(await page.locator("tbody time").first().textContent()).toMatch(/^2025-01-1\d \d{2}:\d{2}$/);
    await page.goto(`${srv.url}/configuration/users/update/${f.adminId}?lng=en`);
    expect(await page.inputValue("#birthday")).toBe("1990-07-04");
    await page.goto(`${srv.url}/replay?lng=en`);
    const from = await page.inputValue("#replay-from");
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2} 00:00$/);
    // the date-and-time field: today is marked, and choosing a day keeps the time
    await waitForHydration(page);
    await page.click('[data-testid="replay-from-calendar"]');
    expect(await page.locator('[data-testid="date-picker"] td[aria-current="date"]').getAttribute("data-date")).toBe(
      from.slice(0, 10),
    );
    await page.click('[data-testid="date-picker-prev"]');
    await page.locator('[data-testid="date-picker"] tbody tr:nth-child(2) td:first-child').click();
    expect(await page.inputValue("#replay-from")).toMatch(/^\d{4}-\d{2}-\d{2} 00:00$/);
    expect(await page.inputValue("#replay-from")).not.toBe(from);
    expect(problems).toEqual([]);
  }, 90_000); // twelve pages opened and hydrated in turn
});
