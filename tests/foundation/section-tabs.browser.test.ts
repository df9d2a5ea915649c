import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite";
import { hasChromium, signInInBrowser } from "../support/browser";

// Each screen area's tabs come from one global style: opened directly (no other section's stylesheet loaded before)
// and without JavaScript, every section shows its tabs as a row of tabs, not as links run together.
const SECTIONS = [
  "/places",
  "/alerts/log",
  "/analytics/reports/list",
  "/dashboard/metrics",
  "/maintenance/reminders",
  "/route-planning",
  "/video",
  "/car-sharing",
  "/tms",
];

describe.skipIf(!hasChromium)("section tabs in Chromium", () => {
  const s = browserSuite();

  it("lay each section's tabs out as tabs, with the current one marked, on a first visit without JavaScript", async () => {
    for (const path of SECTIONS) {
      const context = await s.browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword);
      await page.goto(`${s.srv.url}${path}?lng=en`);
      const nav = page.locator("nav.section-tabs").first();
      expect(await nav.count(), path).toBe(1);
      const style = await nav.evaluate((el) => {
        const c = getComputedStyle(el);
        return { display: c.display, border: c.borderBottomStyle };
      });
      expect(style, path).toEqual({ display: "flex", border: "solid" });
      const padding = await nav
        .locator("a")
        .first()
        .evaluate((el) => getComputedStyle(el).paddingLeft);
      expect(parseFloat(padding), path).toBeGreaterThan(0);
      await context.close();
    }
  });
});
