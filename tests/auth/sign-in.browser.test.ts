import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite";
import { hasChromium, signInInBrowser } from "../support/browser";

describe.skipIf(!hasChromium)("sign-in in Chromium", () => {
  const s = browserSuite();

  for (const javaScriptEnabled of [false, true]) {
    it(`signs in with JavaScript ${javaScriptEnabled ? "on" : "off"}, shows field errors first`, async () => {
      const context = await s.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${s.srv.url}/manage`);
      expect(new URL(page.url()).pathname).toBe("/login");
      await page.fill('input[name="email"]', s.org.adminEmail);
      await page.fill('input[name="password"]', "wrong-password");
      await page.click('button[type="submit"]:has-text("Hyr")');
      await page.waitForSelector(".field-error");
      expect(await page.locator(".field-error").count()).toBe(2);
      await page.fill('input[name="password"]', s.org.adminPassword);
      await page.click('button[type="submit"]:has-text("Hyr")');
      await page.waitForURL(`${s.srv.url}/manage`);
      // The admin's default language is English.
      await page.waitForSelector('[data-testid="fleet-table"]');
      expect(await page.locator("h1").first().textContent()).toBe("Fleet");
      expect(await page.getAttribute("html", "lang")).toBe("en");
      await context.close();
    });
  }

  it("switches the language from the top bar", async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword);
    await page.waitForSelector('[data-testid="fleet-table"]');
    await page.click('[data-testid="language-switch"] button[value="al"]');
    await page.waitForFunction(() => document.documentElement.lang === "sq");
    await page.waitForSelector('h1:has-text("Flota")');
    expect(await page.locator('nav[aria-label="Navigimi kryesor"]').count()).toBe(1);
    await page.click('[data-testid="language-switch"] button[value="en"]');
    await page.waitForFunction(() => document.documentElement.lang === "en");
    await page.waitForSelector('h1:has-text("Fleet")');
    await context.close();
  });
});
