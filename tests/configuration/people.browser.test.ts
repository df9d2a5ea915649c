import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, signInInBrowser } from "../support/browser";
import { createTestOrg, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";

describe.skipIf(!hasChromium)("driver form in Chromium with JavaScript", () => {
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

  it("asks before leaving unsaved changes, shows 'please fill all fields', then saves", async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: "banner_dismissed", value: "1", url: srv.url }]);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword, "/configuration/drivers/add");
    expect(new URL(page.url()).pathname).toBe("/configuration/drivers/add");
    await page.waitForFunction(() => document.documentElement.lang === "en");

    await page.fill('input[name="first_name"]', "Teuta");
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.click('[data-testid="config-nav"] a[data-section="users"]');
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toContain("unsaved changes");
    expect(new URL(page.url()).pathname).toBe("/configuration/drivers/add");

    await page.click('[data-testid="person-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="form-alert"]');
    expect(await page.textContent('[data-testid="form-alert"]')).toBe("please fill all fields");
    expect(await page.inputValue('input[name="first_name"]')).toBe("Teuta");

    await page.fill('input[name="last_name"]', "Bytyqi");
    await page.fill('input[name="birthday"]', "1992-02-29");
    await page.click('[data-testid="person-form"] button[type="submit"]');
    await page.waitForURL(`${srv.url}/configuration/drivers/list?saved=1`);
    await page.waitForSelector('[data-testid="drivers-table"] td:has-text("Teuta Bytyqi")');
    const row = await srv.ctx.db.selectFrom("users").select(["birthday", "is_driver"]).where("org_id", "=", org.orgId).where("last_name", "=", "Bytyqi").executeTakeFirstOrThrow();
    expect(row).toEqual({ birthday: "1992-02-29", is_driver: true });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
