import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg, type TestOrg } from "../support/context";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

describe.skipIf(!hasChromium)("alert policy form with JavaScript", () => {
  let srv: TestServer;
  let browser: Browser;
  let org: TestOrg;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    org = await createTestOrg(srv.ctx, { demo: true });
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("shows only the chosen type's thresholds and saves a policy whose other thresholds are hidden", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    try {
      await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword, "/alerts/policies/add?lng=en");
      await waitForHydration(page);
      const visible = (need: string) => page.locator(`[data-testid="threshold-${need}"]`).isVisible();
      await page.selectOption('[data-testid="alert-type"]', "speeding");
      expect(await visible("speed")).toBe(true);
      expect(await visible("duration")).toBe(false);
      await page.selectOption('[data-testid="alert-type"]', "idling");
      expect(await visible("speed")).toBe(false);
      expect(await visible("duration")).toBe(true);
      await page.selectOption('[data-testid="alert-type"]', "ignition_on");
      expect(await visible("duration")).toBe(false);

      await page.fill('input[name="name"]', "Engine started");
      await page.check('[data-testid="all_vehicles"]');
      expect(await page.locator('[data-testid="vehicle_ids-list"]').isVisible()).toBe(false);
      for (const d of ["0", "1", "2", "3", "4", "5", "6"]) await page.check(`input[name="days"][value="${d}"]`);
      await page.check('[data-testid="notify_in_app"]');
      await page.check(`input[name="recipient_ids"][value="${org.adminId}"]`);
      await page.click('[data-testid="policy-submit"]');
      await page.waitForURL(/\/alerts\/policies\/policy\/[0-9a-f-]{36}/);
      const saved = await srv.ctx.db.selectFrom("alert_policies").selectAll().where("org_id", "=", org.orgId).where("name", "=", "Engine started").executeTakeFirstOrThrow();
      expect(saved).toMatchObject({ alert_type: "ignition_on", all_vehicles: true, speed_limit_kmh: null, duration_min: null });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
