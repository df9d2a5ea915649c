import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite";
import { hasChromium, signInInBrowser, waitForHydration } from "../support/browser";

describe.skipIf(!hasChromium)("alert policy form with JavaScript", () => {
  const s = browserSuite();

  it("shows only the chosen type's thresholds and saves a policy whose other thresholds are hidden", async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    try {
      await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword, "/alerts/policies/add?lng=en");
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
      await page.check(`input[name="recipient_ids"][value="${s.org.adminId}"]`);
      await page.click('[data-testid="policy-submit"]');
      await page.waitForURL(/\/alerts\/policies\/policy\/[0-9a-f-]{36}/);
      const saved = await s.srv.ctx.db
        .selectFrom("alert_policies")
        .selectAll()
        .where("org_id", "=", s.org.orgId)
        .where("name", "=", "Engine started")
        .executeTakeFirstOrThrow();
      expect(saved).toMatchObject({
        alert_type: "ignition_on",
        all_vehicles: true,
        speed_limit_kmh: null,
        duration_min: null,
      });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
