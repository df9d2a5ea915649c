import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite";
import { hasChromium, signInInBrowser, waitForHydration } from "../support/browser";

/** The chunk time-out, shortened for the test (the product waits 120 s). */
const SHORT_TIMEOUT_MS = 1500;

describe.skipIf(!hasChromium)("409 notifications and chunk time-outs in Chromium", () => {
  const s = browserSuite();

  async function addTeam(page: Page, name: string) {
    await page.goto(`${s.srv.url}/configuration/vehicles/teams/add`);
    await page.fill('[data-testid="team-form"] input[name="name"]', name);
    await page.click('[data-testid="team-form"] button[type="submit"]');
  }

  for (const javaScriptEnabled of [true, false]) {
    it(`shows a 409 from a page form as the error notification (JavaScript ${javaScriptEnabled ? "on: a toast" : "off: in the page after the POST"})`, async () => {
      const context = await s.browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword);
      const name = `Night shift ${javaScriptEnabled ? "js" : "nojs"}`;
      await addTeam(page, name);
      await page.waitForURL((url) => url.pathname.startsWith("/configuration/vehicles/teams/update/"));
      if (javaScriptEnabled) await waitForHydration(page);
      let status = 0;
      page.on("response", (res) => {
        if (res.request().method() === "POST") status = res.status();
      });
      await addTeam(page, name);
      if (javaScriptEnabled) await waitForHydration(page);
      const notice = page.locator('[data-testid="notifications"] .toast-error');
      await notice.waitFor();
      expect(await notice.locator("strong").textContent()).toBe("TEAM_NAME_TAKEN");
      expect(await notice.textContent()).toContain("A team with this name exists.");
      expect(await notice.textContent()).toContain("Status 409");
      expect(status).toBe(409);
      // The form keeps its own error beside the field.
      expect(await page.locator("#name-error").textContent()).toContain("A team with this name exists.");
      // With JavaScript the toast is raised once, not again on the next render.
      if (javaScriptEnabled) {
        await page.fill('[data-testid="team-form"] textarea[name="description"]', "typing re-renders the form");
        expect(await notice.count()).toBe(1);
      }
      await context.close();
    });
  }

  it("shows a 409 answered to a fetcher (the map's block dialog) as the error notification", async () => {
    // A vehicle whose device cannot take commands: the immobilisation service answers COMMAND_UNSUPPORTED (409).
    const vehicle = await s.srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", s.org.orgId)
      .orderBy("registration")
      .executeTakeFirstOrThrow();
    await s.srv.ctx.db
      .updateTable("vehicles")
      .set({ device_imei: `35${Date.now()}`.slice(0, 15), device_protocol: "osmand" })
      .where("id", "=", vehicle.id)
      .execute();
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword, `/manage?vehicle=${vehicle.id}`);
    await page.waitForSelector(`[data-testid="vehicle-panel"][data-vehicle-id="${vehicle.id}"]`);
    await waitForHydration(page);
    await page.click('[data-testid="immobilize-controls"] [data-action="block"]');
    await page.click('dialog[open] [data-testid="confirm-immobilization"]');
    const notice = page.locator('[data-testid="notifications"] .toast-error');
    await notice.waitFor();
    expect(await notice.locator("strong").textContent()).toBe("COMMAND_UNSUPPORTED");
    expect(await notice.textContent()).toContain("This device cannot be immobilised remotely.");
    expect(await notice.textContent()).toContain("Status 409");
    expect(new URL(page.url()).pathname).toBe("/manage");
    await context.close();
  });

  it("fails a route chunk that never arrives with 'Something went wrong!' and a reload offer", async () => {
    const context = await s.browser.newContext();
    await context.addInitScript((ms) => {
      window.__flotaChunkTimeoutMs = ms;
    }, SHORT_TIMEOUT_MS);
    const page = await context.newPage();
    await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword, "/configuration/profile");
    await waitForHydration(page);
    // From now on no script chunk answers: the next page's route module hangs.
    await page.route(/\/assets\/.*\.js$/, () => {});
    const started = Date.now();
    await page.click('nav[aria-label="Main navigation"] a[href="/configuration/list"]');
    const errorPage = page.locator('[data-testid="error-page"]');
    await errorPage.waitFor({ timeout: 20_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS);
    expect(await errorPage.locator("h1").textContent()).toBe("Something went wrong!");
    const reload = page.locator('[data-testid="error-reload"]');
    expect(await reload.getAttribute("href")).toBe("/configuration/list");
    // The reload offer is a plain link: the server renders the page the user was going to (its scripts still hang here).
    await reload.click();
    await page.waitForURL(`${s.srv.url}/configuration/list`, { waitUntil: "commit" });
    await page.locator('[data-testid="config-cards"]').waitFor();
    expect(await page.locator('[data-testid="error-page"]').count()).toBe(0);
    await context.close();
  });

  it("fails the lazily loaded map bundle that never arrives the same way, inside the app", async () => {
    const context = await s.browser.newContext();
    await context.addInitScript((ms) => {
      window.__flotaChunkTimeoutMs = ms;
    }, SHORT_TIMEOUT_MS);
    const page = await context.newPage();
    await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword, "/configuration/profile");
    await page.route(/\/assets\/maplibre-gl-[^/]*\.js$/, () => {});
    await page.goto(`${s.srv.url}/manage`);
    const errorPage = page.locator('[data-testid="error-page"]');
    await errorPage.waitFor({ timeout: 20_000 });
    expect(await errorPage.locator("h1").textContent()).toBe("Something went wrong!");
    expect(await page.locator(".topbar").count()).toBe(1); // the app's error boundary, chrome kept
    expect(
      new URL((await page.locator('[data-testid="error-reload"]').getAttribute("href"))!, s.srv.url).pathname,
    ).toBe("/manage");
    await context.close();
  });
});
