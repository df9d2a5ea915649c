import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { createTestOrg, uniqueEmail, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";

describe.skipIf(!hasChromium)("administration in Chromium", () => {
  let srv: TestServer;
  let operator: TestOrg;
  let browser: Browser;

  beforeAll(async () => {
    // the live hub answers the pages' sockets, as in production (without it they retry and the network never settles)
    [srv, browser] = await Promise.all([startTestServer({ live: true }), launchBrowser()]);
    operator = await createTestOrg(srv.ctx, { operator: true });
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`creates an organisation, signs in as its administrator and comes back (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await signInInBrowser(page, srv.url, operator.adminEmail, operator.adminPassword);
      await page.click('a[href="/administration/organizations"]');
      await page.click('[data-testid="add-organization"]');
      await page.waitForURL(`${srv.url}/administration/organizations/add`);
      if (javaScriptEnabled) await waitForHydration(page);

      const name = `Browser Org ${randomUUID().slice(0, 6)}`;
      await page.fill('input[name="name"]', name);
      await page.fill('input[name="device_quota"]', "5");
      await page.fill('input[name="admin_email"]', uniqueEmail("browser-admin"));
      await page.fill('input[name="admin_first_name"]', "Besa");
      await page.fill('input[name="admin_last_name"]', "Hoxha");
      await page.check('input[name="password_mode"][value="password"]');
      await page.fill('input[name="admin_password"]', "browser-password-1");
      await page.click('[data-testid="create-organization"]');
      await page.waitForURL(/\/administration\/organizations\/[0-9a-f-]{36}/);
      expect(await page.textContent('[data-testid="organization-name"]')).toBe(name);
      expect(await page.textContent('[data-testid="quota-usage"]')).toContain("0");
      const orgUrl = page.url().split("?")[0];

      await page.click('[data-testid="support-start"]');
      await page.waitForURL(`${srv.url}/manage`);
      await page.waitForSelector('[data-testid="support-banner"]');
      expect(await page.textContent('[data-testid="support-banner"]')).toContain(name);
      expect(await page.locator('a[href="/administration/organizations"]').count()).toBe(0);

      if (javaScriptEnabled) await waitForHydration(page);
      await page.click('[data-testid="support-end"]');
      await page.waitForURL(orgUrl);
      // With JavaScript the URL can change a moment before React commits the new frame: wait for the banner to go.
      await page.waitForSelector('[data-testid="support-banner"]', { state: "detached", timeout: 5000 });
      expect(await page.textContent('[data-testid="organization-name"]')).toBe(name);
      await context.close();
    });
  }
});
