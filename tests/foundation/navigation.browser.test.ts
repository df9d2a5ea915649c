import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import { browserSuite } from "../support/browser-suite";
import { hasChromium, signInInBrowser, waitForHydration } from "../support/browser";

// SCREENSHOT_DIR=folder keeps a picture of every width and language (the closing notes show them).
const shots = process.env.SCREENSHOT_DIR;
if (shots) mkdirSync(shots, { recursive: true });

const WIDTHS = [
  { name: "phone", width: 360, height: 740, wide: false },
  { name: "laptop", width: 1024, height: 700, wide: true },
  { name: "screen", width: 1440, height: 900, wide: true },
] as const;

const LABELS = {
  al: { nav: "Navigimi kryesor", menu: "Menyja", places: "Vendet" },
  en: { nav: "Main navigation", menu: "Menu", places: "Places" },
} as const;

async function contentTop(page: Page) {
  return page.locator("#content").evaluate((el) => el.getBoundingClientRect().top);
}

describe.skipIf(!hasChromium)("the navigation at every width, in both languages", () => {
  const s = browserSuite();

  for (const lng of ["al", "en"] as const) {
    for (const w of WIDTHS) {
      for (const javaScriptEnabled of [true, false]) {
        it(`${w.name} (${w.width} px), ${lng}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async () => {
          const context = await s.browser.newContext({
            javaScriptEnabled,
            viewport: { width: w.width, height: w.height },
          });
          const page = await context.newPage();
          await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword, `/places/points?lng=${lng}`);
          await page.goto(`${s.srv.url}/places/points?lng=${lng}`);
          if (javaScriptEnabled) await waitForHydration(page);
          const l = LABELS[lng];
          const nav = page.locator(`nav[aria-label="${l.nav}"]`);
          expect(await nav.count()).toBe(1);
          // the page itself starts within the first screen
          expect(await contentTop(page)).toBeLessThan(w.height / 2);
          // nothing scrolls sideways
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w.width);
          const placesLink = nav.locator('a[href="/places"]');
          if (w.wide) {
            expect(await placesLink.isVisible()).toBe(true);
            expect(await page.locator('[data-testid="nav-toggle"]').isVisible()).toBe(false);
            expect(await placesLink.getAttribute("class")).toContain("active");
          } else {
            expect(await placesLink.isVisible()).toBe(false);
            const toggle = page.locator('[data-testid="nav-toggle"]');
            expect((await toggle.textContent())?.trim()).toBe(l.menu);
            if (shots) await page.screenshot({ path: path.join(shots, `${w.name}-${lng}.png`) });
            await toggle.click(); // one action away
            expect(await placesLink.isVisible()).toBe(true);
            if (shots) await page.screenshot({ path: path.join(shots, `${w.name}-${lng}-menu.png`) });
            if (javaScriptEnabled) {
              await page.keyboard.press("Escape");
              expect(await placesLink.isVisible()).toBe(false);
            }
          }
          if (shots && w.wide) await page.screenshot({ path: path.join(shots, `${w.name}-${lng}.png`) });
          await context.close();
        });
      }
    }
  }

  it("folds the side navigation to icons and keeps the choice for the user, without JavaScript too", async () => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await s.browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword, "/places/points?lng=en");
      if (javaScriptEnabled) await waitForHydration(page);
      const label = page.locator('nav[aria-label="Main navigation"] a[href="/places"] .nav-label');
      expect(await page.locator(".app-shell.nav-collapsed").count()).toBe(0);
      const before = await label.boundingBox();
      expect(before?.width ?? 0).toBeGreaterThan(10);
      await page.click('[data-testid="nav-fold"]');
      await page.waitForSelector(".app-shell.nav-collapsed");
      expect((await label.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
      // the choice is the user's: a new browser context (another device) sees it folded
      const other = await s.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const second = await other.newPage();
      await signInInBrowser(second, s.srv.url, s.org.adminEmail, s.org.adminPassword, "/places/points?lng=en");
      await second.waitForSelector(".app-shell");
      expect(await second.locator(".app-shell.nav-collapsed").count()).toBe(1);
      await other.close();
      await page.click('[data-testid="nav-fold"]');
      await page.waitForSelector(".app-shell:not(.nav-collapsed)");
      await context.close();
    }
  });

  it("lists only the sections the user may see, in their groups", async () => {
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const viewer = `viewer@${s.org.orgId.slice(0, 8)}.test.flota`;
    await signInInBrowser(page, s.srv.url, viewer, DEMO_PASSWORD, "/manage?lng=en");
    // the address changes before the signed-in page has rendered: wait for the frame, then count
    await page.locator(".nav-group-title").first().waitFor();
    const groups = await page.locator(".nav-group-title").allTextContents();
    expect(groups.length).toBeGreaterThan(0);
    expect(
      await page.locator('nav[aria-label="Main navigation"] a[href="/administration/organizations"]').count(),
    ).toBe(0);
    await context.close();
  });
});
