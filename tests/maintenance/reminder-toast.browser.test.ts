import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import { runReminderNotices } from "../../server/modules/maintenance/reminder-notices";
import { createReminders } from "../../server/modules/maintenance/reminders.service";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";

describe.skipIf(!hasChromium)("maintenance reminder notices pushed live, in Chromium", () => {
  let srv: TestServer;
  let browser: Browser;
  let org: TestOrg;
  let van: { id: string; registration: string };

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer({ live: true }), launchBrowser()]);
    org = await createTestOrg(srv.ctx);
    van = await createVehicle(srv.ctx, { org, registration: "TOAST 1" });
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  /** A yearly reminder from today for the admin; the job run 340 days on (this organisation only) finds it due soon. */
  async function remindAdmin(name: string) {
    const admin = await principalFor(srv.ctx, org.adminId);
    const [r] = await createReminders(srv.ctx, admin, {
      vehicle_ids: [van.id],
      name,
      interval_days: "365",
      before_days: "30",
      active: "on",
      base_date: await orgToday(srv.ctx, org.orgId),
      responsible_user_id: org.adminId,
    });
    return r;
  }
  const runJob = () => runReminderNotices(srv.ctx, new Date(Date.now() + 340 * 86_400_000), org.orgId);

  it("the job's notice raises the bell and shows a toast in the page's language that leads to the reminder", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    try {
      await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword, "/maintenance/reminders?lng=en");
      await waitForHydration(page);
      const bell = page.locator('[data-testid="reminder-bell"]');
      expect(await bell.getAttribute("data-count")).toBe("0");
      await page.waitForSelector('[data-testid="reminder-bell"][data-live="open"]', { timeout: 10_000 });
      // the alert bell shares the page's one notification socket
      await page.waitForSelector('[data-testid="alert-bell"][data-live="open"]', { timeout: 10_000 });

      const oil = await remindAdmin("Oil change");
      await runJob();
      const toast = page.locator('[data-testid="notifications"] .toast-reminder');
      await toast.waitFor({ timeout: 10_000 });
      expect(await toast.locator("strong").textContent()).toBe("Service reminder · TOAST 1");
      expect(await toast.textContent()).toContain("Oil change: Due soon");
      await page.waitForSelector('[data-testid="reminder-bell"][data-count="1"]');
      expect(await page.locator('[data-testid="reminder-bell-count"]').textContent()).toBe("1");
      // an alert notice is not a reminder: the reminder bell keeps its count
      expect(await page.locator('[data-testid="alert-bell"]').getAttribute("data-count")).toBe("0");

      // the toast leads to the reminder; opening it reads the notice, so the bell's next count is 0 again
      await toast.locator('[data-testid="toast-link"]').click();
      await page.waitForURL(`${srv.url}/maintenance/reminders/edit/${oil.id}`);
      await page.waitForSelector('[data-testid="reminder-summary"]');
      await bell.click();
      await page.waitForURL(`${srv.url}/maintenance/notifications`);
      await page.waitForSelector('[data-testid="reminder-bell"][data-count="0"]', { timeout: 10_000 });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("in Albanian the toast reads in Albanian", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword, "/maintenance/reminders?lng=al");
      await waitForHydration(page);
      await page.waitForSelector('[data-testid="reminder-bell"][data-live="open"]', { timeout: 10_000 });
      await remindAdmin("Goma");
      await runJob();
      const toast = page.locator('[data-testid="notifications"] .toast-reminder');
      await toast.waitFor({ timeout: 10_000 });
      expect(await toast.locator("strong").textContent()).toBe("Kujtesë servisi · TOAST 1");
      expect(await toast.textContent()).toContain("Goma: Afron afati");
      await page.waitForSelector('[data-testid="reminder-bell"][data-count="1"]');
    } finally {
      await context.close();
    }
  });
});
