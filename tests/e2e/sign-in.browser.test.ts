import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, signInInBrowser } from "../support/browser";
import { createTestOrg, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";

describe.skipIf(!hasChromium)("sign-in in Chromium", () => {
  let srv: TestServer;
  let org: TestOrg;
  let browser: Browser;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    org = await createTestOrg(srv.ctx, { demo: true });
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  for (const javaScriptEnabled of [false, true]) {
    it(`signs in with JavaScript ${javaScriptEnabled ? "on" : "off"}, shows field errors first`, async () => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${srv.url}/manage`);
      expect(new URL(page.url()).pathname).toBe("/login");
      await page.fill('input[name="email"]', org.adminEmail);
      await page.fill('input[name="password"]', "wrong-password");
      await page.click('button[type="submit"]:has-text("Hyr")');
      await page.waitForSelector(".field-error");
      expect(await page.locator(".field-error").count()).toBe(2);
      await page.fill('input[name="password"]', org.adminPassword);
      await page.click('button[type="submit"]:has-text("Hyr")');
      await page.waitForURL(`${srv.url}/manage`);
      // The admin's default language is English.
      await page.waitForSelector('[data-testid="fleet-table"]');
      expect(await page.locator("h1").first().textContent()).toBe("Fleet");
      expect(await page.getAttribute("html", "lang")).toBe("en");
      await context.close();
    });
  }

  it("switches the language from the top bar", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword);
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
