import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite";
import { hasChromium, signInInBrowser, waitForHydration } from "../support/browser";

if (!hasChromium)
  console.log(
    "[vehicles-browser] skipped: Chromium is not installed (set CHROMIUM_PATH or apt-get install -y chromium)",
  );

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe.skipIf(!hasChromium)("vehicle configuration in Chromium", () => {
  const s = browserSuite();

  async function signIn(page: Page) {
    page.setDefaultTimeout(15_000);
    await signInInBrowser(page, s.srv.url, s.org.adminEmail, s.org.adminPassword);
    const banner = page.locator('[data-testid="mobile-banner"]');
    if (await banner.count()) {
      await banner.locator("button").click();
      await banner.waitFor({ state: "detached" });
    }
  }

  it("creates a vehicle with 2 images, lists it and shows its thumbnails", async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${s.srv.url}/configuration/vehicles/add`);
    await waitForHydration(page);

    await page.click('#vehicle-form button[type="submit"]');
    await page.waitForSelector('[data-testid="form-alert"]');
    expect(await page.textContent('[data-testid="form-alert"]')).toBe("please fill all fields");

    await page.fill("#registration", "br 555 ws");
    await page.selectOption("#category", "Van");
    await page.fill("#identifier_name", "Browser van");
    await page.setInputFiles("#images", [
      { name: "front.png", mimeType: "image/png", buffer: PNG },
      { name: "back.png", mimeType: "image/png", buffer: PNG },
    ]);
    await page.click('#vehicle-form button[type="submit"]');
    await page.waitForURL(/\/configuration\/vehicles\/details\/[0-9a-f-]{36}\?created=1$/);
    await page.waitForSelector('[data-testid="notice"]');

    const sources = await page
      .locator('[data-testid="vehicle-images"] img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(sources).toHaveLength(2);
    for (const src of sources) {
      const res = await page.request.get(src);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("image/png");
    }
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="vehicle-images"] img')].every(
        (i) => i.complete && i.naturalWidth === 1,
      ),
    );

    await page.goto(`${s.srv.url}/configuration/vehicles/list?q=BR+555`);
    const rows = page.locator('[data-testid="vehicles-table"] tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("BR 555 WS");
    expect(await rows.first().textContent()).toContain("Browser van");
    await context.close();
  });

  it("asks before leaving the details page with unsaved changes", async () => {
    const context = await s.browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${s.srv.url}/configuration/vehicles/list`);
    await page.click('[data-testid="vehicles-table"] tbody tr:first-child a');
    await page.waitForURL(/\/configuration\/vehicles\/details\//);
    const detailsUrl = page.url();
    await waitForHydration(page);
    await page.fill("#size", "changed");
    const dialog = new Promise<string>((resolve) =>
      page.once("dialog", async (d) => {
        resolve(d.message());
        await d.dismiss();
      }),
    );
    await page.click('a:has-text("Back to vehicles")');
    expect(await dialog).toBe("You have unsaved changes. Leave this page and lose them?");
    expect(page.url()).toBe(detailsUrl);
    await context.close();
  });
});
