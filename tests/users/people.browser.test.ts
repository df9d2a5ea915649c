import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite";
import { hasChromium, signInInBrowser } from "../support/browser";

describe.skipIf(!hasChromium)("driver form in Chromium with JavaScript", () => {
  const s = browserSuite();

  it("asks before leaving unsaved changes, shows 'please fill all fields', then saves", async () => {
    const context = await s.browser.newContext();
    await context.addCookies([{ name: "banner_dismissed", value: "1", url: s.srv.url }]);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword, "/configuration/drivers/add");
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
    await page.waitForURL(`${s.srv.url}/configuration/drivers/list?saved=1`);
    await page.waitForSelector('[data-testid="drivers-table"] td:has-text("Teuta Bytyqi")');
    const row = await s.srv.ctx.db
      .selectFrom("users")
      .select(["birthday", "is_driver"])
      .where("org_id", "=", s.org.orgId)
      .where("last_name", "=", "Bytyqi")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ birthday: "1992-02-29", is_driver: true });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
