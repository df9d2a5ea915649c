import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSession } from "../support/api-auth";
import { browserSuite } from "../support/browser-suite";
import { hasChromium, signInInBrowser, waitForHydration } from "../support/browser";

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
const INVALID_AL = "Kjo lidhje gjurmimi është e pavlefshme ose ka skaduar";
const INVALID_EN = "This tracking link is invalid or has expired";

/** Every address the page's main frame committed to, in order. */
function committedUrls(page: Page): string[] {
  const seen: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

describe.skipIf(!hasChromium)("spec rules of the foundation in Chromium", () => {
  const s = browserSuite();

  const withContext = async (
    opts: Parameters<Browser["newContext"]>[0],
    fn: (context: BrowserContext, page: Page) => Promise<void>,
  ) => {
    const context = await s.browser.newContext(opts);
    try {
      await fn(context, await context.newPage());
    } finally {
      await context.close();
    }
  };

  describe("public /int pages", () => {
    it("shows /int/order-track without a session: 200, no redirect, no banner, the invalid-link state", async () => {
      await withContext({ userAgent: ANDROID }, async (_context, page) => {
        const res = await page.goto(`${s.srv.url}/int/order-track?token=unknown-token`);
        expect(res?.status()).toBe(200);
        expect(new URL(page.url()).pathname).toBe("/int/order-track");
        await page.locator('[data-testid="order-track"][data-state="invalid"]').waitFor();
        expect(await page.locator("h1").textContent()).toBe(INVALID_AL);
        expect(await page.locator('[data-testid="mobile-banner"]').count()).toBe(0);
        // The language switch works on the public page.
        await waitForHydration(page);
        await page.click('[data-testid="language-switch"] button[value="en"]');
        await page.waitForSelector(`h1:has-text("${INVALID_EN}")`);
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/int/order-track?token=unknown-token");
      });
    });

    it("shows a signed-in user the same public page without the app chrome", async () => {
      await withContext({ userAgent: ANDROID }, async (_context, page) => {
        await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword);
        expect(await page.locator('[data-testid="mobile-banner"]').count()).toBe(1); // the app shows it
        const res = await page.goto(`${s.srv.url}/int/order-track?token=x`);
        expect(res?.status()).toBe(200);
        await page.locator('[data-testid="int-shell"]').waitFor();
        expect(await page.locator("h1").textContent()).toBe(INVALID_EN);
        expect(await page.locator(".topbar").count()).toBe(0);
        expect(await page.locator('[data-testid="logout"]').count()).toBe(0);
        expect(await page.locator('[data-testid="mobile-banner"]').count()).toBe(0);
      });
    });

    it("answers an unknown /int address with the public 404 page", async () => {
      await withContext({}, async (_context, page) => {
        const res = await page.goto(`${s.srv.url}/int/unknown`);
        expect(res?.status()).toBe(404);
        expect(new URL(page.url()).pathname).toBe("/int/unknown");
        await page.locator('[data-testid="int-shell"] [data-testid="error-page"]').waitFor();
        expect(await page.locator("h1").textContent()).toBe("Kjo faqe nuk ekziston.");
      });
    });

    for (const address of ["/#/int/order-track?token=abc", "/manage#/int/order-track?token=abc"]) {
      it(`follows the hash form ${address} to the public page: no login, no banner`, async () => {
        await withContext({ userAgent: ANDROID }, async (_context, page) => {
          const urls = committedUrls(page);
          await page.goto(`${s.srv.url}${address}`);
          await page.waitForURL((url) => url.pathname === "/int/order-track");
          await page.locator('[data-testid="order-track"]').waitFor();
          expect(new URL(page.url()).search).toBe("?token=abc");
          expect(await page.locator('[data-testid="mobile-banner"]').count()).toBe(0);
          expect(await page.locator('input[name="password"]').count()).toBe(0);
          // The server answers / and /manage without seeing the hash; the page it sends (login for a visitor) is left
          // from <head> before anything is shown, and never hydrated.
          expect(urls.at(-1)).toBe(`${s.srv.url}/int/order-track?token=abc`);
          await waitForHydration(page);
          expect(await page.locator('[data-testid="mobile-banner"]').count()).toBe(0);
        });
      });
    }

    it("follows a hash change to #/int/… on a signed-in page", async () => {
      await withContext({ userAgent: ANDROID }, async (_context, page) => {
        await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword);
        await waitForHydration(page);
        await page.evaluate(() => {
          window.location.hash = "#/int/order-track?token=zz";
        });
        await page.waitForURL((url) => url.pathname === "/int/order-track" && url.search === "?token=zz");
        await page.locator('[data-testid="int-shell"]').waitFor();
        expect(await page.locator(".topbar").count()).toBe(0);
        expect(await page.locator('[data-testid="mobile-banner"]').count()).toBe(0);
      });
    });
  });

  describe("access token handed over in the hash (spec section 2)", () => {
    const apiLogin = () => apiSession(s.srv, s.org.adminEmail, s.org.adminPassword, { webLogin: true });

    it("stores the token as the session and sends the user to login carrying type, user and redirect_urls", async () => {
      const login = await apiLogin();
      await withContext({}, async (context, page) => {
        const hash = new URLSearchParams({
          access_token: login.access_token,
          expires: "3600",
          user: login.user.id,
          token_type: "Bearer",
          type: "admin",
          redirect_urls: "/configuration/list",
        });
        await page.goto(`${s.srv.url}/#${hash}`);
        await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("type") === "admin");
        const url = new URL(page.url());
        expect(url.searchParams.get("user")).toBe(login.user.id);
        expect(url.searchParams.get("redirect_urls")).toBe("/configuration/list");
        expect(url.searchParams.has("access_token")).toBe(false);
        expect(url.hash).toBe("");
        const session = (await context.cookies()).find((c) => c.name === "flota_session");
        expect(session?.value).toBe(login.access_token);
        expect(session?.httpOnly).toBe(true);
        // type=admin with user: the login redirect is skipped and the session is described (GET /auth/details/admin).
        await page.locator('[data-testid="admin-handoff"]').waitFor();
      });
    });

    it("accepts the #/?access_token=… form; without type=admin login sends the signed-in user on to the landing page", async () => {
      const login = await apiLogin();
      await withContext({}, async (context, page) => {
        await page.goto(
          `${s.srv.url}/manage#/?access_token=${login.access_token}&expires=3600&token_type=Bearer&user=${login.user.id}`,
        );
        await page.waitForURL(`${s.srv.url}/manage`);
        await page.locator('[data-testid="fleet-table"]').waitFor();
        expect((await context.cookies()).find((c) => c.name === "flota_session")?.value).toBe(login.access_token);
      });
    });
  });
});
