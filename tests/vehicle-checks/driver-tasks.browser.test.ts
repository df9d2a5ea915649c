import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { browserSuite } from "../support/browser-suite";
import { hasChromium, signInInBrowser } from "../support/browser";
import { principalFor } from "../support/context";
import { createUser, createTmsOrder, createTruck } from "../support/factories";

const waitForHydration = (page: Page) => page.waitForFunction(() => "__reactRouterRouteModules" in window);

/** A small valid PNG-looking file, as the phone's camera would hand it over. */
const photo = () => {
  const b = Buffer.alloc(600, 3);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { name: "photo.png", mimeType: "image/png", buffer: b };
};

describe.skipIf(!hasChromium)("the driver's check and delivery screens on a 360 px phone", () => {
  const s = browserSuite({});
  let driver: { email: string; password: string };
  let orderId: string;

  beforeAll(async () => {
    const u = await createUser(s.srv.ctx, { org: s.org, role: "driver", driver: true, language: "en" });
    driver = { email: u.email!, password: u.password };
    const t = await createTruck(s.srv.ctx, s.org, { driver: u.id, registration: "PH 360 AA" });
    const order = await createTmsOrder(s.srv.ctx, await principalFor(s.srv.ctx, s.org.adminId));
    await s.srv.ctx.db
      .updateTable("tms_orders")
      .set({ status: "STARTED", vehicle_id: t.id, sequence: 1 })
      .where("id", "=", order.id)
      .execute();
    orderId = order.id;
  });

  async function phone(javaScriptEnabled: boolean, next: string): Promise<Page> {
    const context = await s.browser.newContext({
      javaScriptEnabled,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signInInBrowser(page, s.srv.url, driver.email, driver.password, next);
    return page;
  }

  /** Nothing wider than the screen: no sideways scrolling. */
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it("the vehicle check fits the screen, has thumb-sized choices, and a reported problem is sent (with JavaScript)", async () => {
    const page = await phone(true, "/driver/check");
    await waitForHydration(page);
    expect(await fits(page)).toBe(true);
    const box = await page.locator('[data-testid="item-tyres"] label.dt-choice').first().boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(48);
    expect(box!.width).toBeGreaterThanOrEqual(120);
    // the note and photo appear only once "Problem" is chosen
    await page.check('[data-testid="item-lights"] input[value="pass"]');
    expect(await page.isVisible("#note_lights")).toBe(false);
    await page.check('[data-testid="item-tyres"] input[value="pass"]');
    await page.check('[data-testid="item-damage"] input[value="fail"]');
    expect(await page.isVisible("#note_damage")).toBe(true);
    await page.fill("#note_damage", "Scratch on the rear door");
    await page.setInputFiles("#photo_damage", photo());
    await page.click('[data-testid="send-check"]');
    await page.waitForSelector('[data-testid="check-sent"]');
    expect(await page.textContent('[data-testid="checked-today"]')).toContain("PH 360 AA");
    expect(await fits(page)).toBe(true);
  });

  it("offline: the vehicle check is kept on the phone with its photo, then applied with the time it was made", async () => {
    const page = await phone(true, "/driver/check");
    await waitForHydration(page);
    const context = page.context();
    const checks = () =>
      // this organisation's checks only: other test files write theirs into the same database at the same time
      s.srv.ctx.db
        .selectFrom("vehicle_checks")
        .select(["id", "created_at"])
        .where("org_id", "=", s.org.orgId)
        .orderBy("created_at")
        .execute();
    const before = await checks();
    await context.setOffline(true);
    await page.waitForSelector('[data-testid="offline-banner"]');
    const madeFrom = new Date();
    await page.check('[data-testid="item-lights"] input[value="pass"]');
    await page.check('[data-testid="item-tyres"] input[value="pass"]');
    await page.check('[data-testid="item-damage"] input[value="fail"]');
    await page.setInputFiles("#photo_damage", photo());
    await page.click('[data-testid="send-check"]');
    await page.waitForSelector('[data-testid="check-queued"]');
    expect(await page.textContent('[data-testid="queue-pending"]')).toContain("Vehicle check");
    expect(await checks()).toHaveLength(before.length);

    const wentOnline = new Date();
    await context.setOffline(false);
    await page.waitForSelector('[data-testid="result-applied"][data-action="vehicle-check"]');
    await page.waitForSelector('[data-testid="queue-pending"]', { state: "detached" });
    const after = await checks();
    expect(after).toHaveLength(before.length + 1);
    const made = after.find((c) => !before.some((b) => b.id === c.id))!;
    // recorded at the moment it was made offline, not when it reached the server
    expect(made.created_at.getTime()).toBeGreaterThanOrEqual(madeFrom.getTime() - 1000);
    expect(made.created_at.getTime()).toBeLessThan(wentOnline.getTime());
    const time = await page.evaluate(
      (iso) => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" }).format(new Date(iso)),
      made.created_at.toISOString(),
    );
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="checked-today"] li').length === n,
      after.length,
    );
    expect(await page.textContent('[data-testid="checked-today"]')).toContain(time);
    await context.close();
  }, 60_000);

  it("proof of delivery without JavaScript: a plain multipart form, then the proof with its photo", async () => {
    const page = await phone(false, `/driver/orders/${orderId}/delivery`);
    expect(await fits(page)).toBe(true);
    const button = await page.locator('[data-testid="confirm-delivery"]').boundingBox();
    expect(button!.height).toBeGreaterThanOrEqual(48);
    await page.fill("#recipient_name", "Arben Gashi");
    await page.setInputFiles("#photo", photo());
    await page.click('[data-testid="confirm-delivery"]');
    await page.waitForSelector('[data-testid="proof"]');
    expect(await page.textContent('[data-testid="proof"]')).toContain("Arben Gashi");
    const src = await page.getAttribute('[data-testid="proof"] img', "src");
    const image = await page.request.get(`${s.srv.url}${src}`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(await fits(page)).toBe(true);
  });
});
