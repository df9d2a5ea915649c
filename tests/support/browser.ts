import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.log(`[tests] ${CHROMIUM} not found: browser tests are skipped (apt-get install -y chromium)`);

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * Waits until React Router has hydrated the page, so clicks reach the enhanced forms. The network normally
 * settles first; a page whose sockets or map tiles keep it busy (the live map under a loaded machine) is
 * given 10 s for that, then only the hydration flag is awaited.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

/** Signs in through the real login form; lands on `next` (default: the role's landing page). */
export async function signInInBrowser(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  next?: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('form:has(input[name="password"]) button[type="submit"]');
  await page.waitForURL((url) => url.pathname !== "/login", { waitUntil: "domcontentloaded" });
}
