import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { hasChromium, launchBrowser, signInInBrowser, waitForHydration } from "../support/browser";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";
import { createTmsDepot, createTruck } from "../support/factories";
import { dayFromToday } from "../support/days";

const DAY = dayFromToday(7);

describe.skipIf(!hasChromium)("TMS in Chromium: import, optimise, complete, dispatch, track", () => {
  let srv: TestServer;
  let org: TestOrg;
  let p: Principal;
  let browser: Browser;

  beforeAll(async () => {
    [srv, browser] = await Promise.all([startTestServer({ withWorkers: true }), launchBrowser()]);
    org = await createTestOrg(srv.ctx);
    p = await principalFor(srv.ctx, org.adminId);
    await srv.ctx.db.insertInto("tms_settings").values({ org_id: org.orgId, time_limit_s: 1 }).execute();
    await createTmsDepot(srv.ctx, p, "Depo Rinas");
    await createTruck(srv.ctx, org, { registration: "TR 001 AA" });
    await createTruck(srv.ctx, org, { registration: "TR 002 AA" });
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it("a planner imports orders, optimises them onto trucks, completes and dispatches; the customer follows the order", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    page.setDefaultTimeout(30_000);
    await signInInBrowser(page, srv.url, org.adminEmail, org.adminPassword);

    const lines = Array.from(
      { length: 12 },
      (_, i) => `BR-${i},CUST-${i},${(41.3 + i * 0.004).toFixed(4)},${(19.8 + (i % 4) * 0.01).toFixed(4)},${DAY},40,3`,
    );
    await page.goto(`${srv.url}/tms/optimize/import?lng=en`);
    await waitForHydration(page);
    await page.setInputFiles('input[name="file"]', {
      name: "orders.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `orderId,customerCode,latitude,longitude,deliveryDateAt,weight,packets\n${lines.join("\n")}\n`,
      ),
    });
    await page.click('[data-testid="import-check"]');
    await page.waitForSelector('[data-testid="import-summary"][data-valid="12"]');
    await page.click('[data-testid="import-save"]');
    await page.waitForURL(/\/tms\/orders\?imported=12/);

    await page.goto(`${srv.url}/tms/optimize/add?day=${DAY}&lng=en`);
    await waitForHydration(page);
    await page.fill('input[name="name"]', "Browser plan");
    for (const row of await page.locator('[data-testid="plan-trucks"] tbody tr').all()) {
      await row.locator('input[name="truck"]').check();
      await row.locator('input[name^="weight_"]').fill("300");
    }
    await page.click('[data-testid="plan-submit"]');
    await page.waitForURL(/\/tms\/optimize\/edit\//);
    await page.click('[data-testid="plan-run"]');
    await page.waitForSelector('[data-testid="plan-page"][data-run-state="done"]', { timeout: 60_000 });
    expect(await page.locator('[data-testid="truck-card"]').count()).toBe(2);
    expect(await page.locator('[data-testid="stop-row"]').count()).toBe(12);
    expect(await page.locator('[data-testid="truck-card"][data-over="true"]').count()).toBe(0);
    await page.click('[data-testid="plan-complete"]');
    await page.waitForSelector('[data-testid="plan-page"][data-status="completed"]');

    await page.goto(`${srv.url}/tms/dispatch?lng=en`);
    await waitForHydration(page);
    await page.click('[data-testid="dispatch-button"]');
    await page.waitForSelector('[data-testid="notice"]');
    expect(await page.locator('[data-testid="dispatch-truck"] [data-status="STARTED"]').count()).toBe(12);

    const order = await srv.ctx.db
      .selectFrom("tms_orders")
      .select("tracking_token")
      .where("org_id", "=", org.orgId)
      .where("order_id", "=", "BR-3")
      .executeTakeFirstOrThrow();
    const customer = await (await browser.newContext()).newPage();
    await customer.goto(`${srv.url}/int/order-track?token=${order.tracking_token}&lng=en`);
    await customer.waitForSelector('[data-testid="order-track"][data-status="STARTED"]');
    expect(await customer.textContent('[data-testid="track-status"]')).toBe("Your order is on the way.");
    expect(await customer.locator('[data-testid="mobile-banner"]').count()).toBe(0);
    expect(customer.url()).toContain("/int/order-track");
  });
});
