import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite";
import { hasChromium, signInInBrowser, waitForHydration } from "../support/browser";
import { createCameraVehicle } from "../video/support";

// The one unsaved-changes prompt (app/components/unsaved-changes.tsx) on forms of every module, not only the shared
// record form: change one field, follow a link to another section, and the browser asks first; dismissing stays.

/** Page, and the guarded form to edit on it (a CSS selector; default: the first guarded form). */
const FORMS: Array<[string, string?]> = [
  ["/car-sharing/bookings/new", '[data-testid="booking-form"]'],
  ["/car-sharing/settings/general-settings"],
  ["/car-sharing/settings/users"],
  ["/maintenance/reminders/add"],
  ["/maintenance/fuel/add"],
  ["/maintenance/settings"],
  ["/route-planning/scheduled-routes/template-routes/add"],
  ["/route-planning/settings"],
  // a page with several forms: the second (new depot) is protected as well as the first
  ["/tms/settings", '[data-testid="depots"] form[data-unsaved-guard]'],
  ["/tms/settings", '[data-testid="settings-form"]'],
  ["/video/list", '[data-testid="request-form"]'],
  ["/configuration/settings"],
];

/** Changes the first thing in the form a user can fill in or choose. */
async function editOneField(form: Locator): Promise<string> {
  const text = form
    .locator(
      'input:not([type="hidden"]):not([type="file"]):not([type="checkbox"]):not([type="radio"]):not([type="color"]):visible, textarea:visible',
    )
    .first();
  if (await text.count()) {
    await text.fill(`${(await text.inputValue()) || ""}1`);
    return `text ${await text.getAttribute("name")}`;
  }
  const select = form.locator("select:visible").first();
  if (await select.count()) {
    const values = await select.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const current = await select.inputValue();
    await select.selectOption(values.find((v) => v !== current) ?? values[0]);
    return `select ${await select.getAttribute("name")}`;
  }
  const box = form.locator('input[type="checkbox"]:visible').first();
  await box.click();
  return `checkbox ${await box.getAttribute("name")}`;
}

async function leave(page: Page) {
  await page.locator('nav a[href="/dashboard"]').first().click();
}

describe.skipIf(!hasChromium)("unsaved-changes prompt in Chromium", () => {
  const s = browserSuite();

  it("asks before leaving a changed form of every module, and not before leaving an untouched one", async () => {
    const context = await s.browser.newContext();
    await context.addCookies([
      { name: "banner_dismissed", value: "1", url: s.srv.url },
      { name: "lng", value: "en", url: s.srv.url },
    ]);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    const dialogs: string[] = [];
    let answer: "dismiss" | "accept" = "dismiss";
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void (answer === "accept" ? d.accept() : d.dismiss());
    });
    await createCameraVehicle(s.srv.ctx, { org: s.org }); // the video request form lists camera vehicles only
    await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword, "/manage");

    for (const [path, selector] of FORMS) {
      await page.goto(`${s.srv.url}${path}`);
      await waitForHydration(page);
      const form = page.locator(selector ?? "form[data-unsaved-guard]").first();
      await form.waitFor();
      const field = await editOneField(form);

      answer = "dismiss";
      dialogs.length = 0;
      await leave(page);
      await expect.poll(() => dialogs.length, { message: `${path}: ${field}` }).toBe(1);
      expect(dialogs[0], path).toContain("unsaved changes");
      expect(new URL(page.url()).pathname, path).toBe(path);

      // answering "leave" goes on
      answer = "accept";
      await leave(page);
      await page.waitForURL((url) => url.pathname.startsWith("/dashboard"));
      expect(dialogs.length, path).toBe(2);
    }

    // untouched: no question
    for (const path of ["/car-sharing/bookings/new", "/tms/settings", "/video/list"]) {
      await page.goto(`${s.srv.url}${path}`);
      await waitForHydration(page);
      dialogs.length = 0;
      await leave(page);
      await page.waitForURL((url) => url.pathname.startsWith("/dashboard"));
      expect(dialogs, path).toEqual([]);
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 240_000);

  it("does not ask when the changed form itself is saved", async () => {
    const context = await s.browser.newContext();
    await context.addCookies([{ name: "banner_dismissed", value: "1", url: s.srv.url }]);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword, "/maintenance/settings");
    await waitForHydration(page);
    const form = page.locator("form[data-unsaved-guard]").first();
    await editOneField(form);
    await form.locator('button[type="submit"]').first().click();
    await page.waitForLoadState("networkidle");
    await leave(page);
    await page.waitForURL((url) => url.pathname.startsWith("/dashboard"));
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
