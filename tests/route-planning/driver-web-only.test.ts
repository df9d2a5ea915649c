import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driverFiles, driverPages } from "../../app/features/driver/routes";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createTmsOrder, createTruck, createUser } from "../support/factories";
import { FormClient, signedInClient, startTestServer, type TestServer } from "../support/server";

/**
 * Issue 51, item 3: every page and action of the driver's app refuses a web-only account with WEB_ONLY_ACCOUNT, and
 * stores nothing, while the same driver without the limit is served. The walk takes the paths from the driver app's
 * own route config, so a page added there later is walked too. (The phone's API endpoints are walked in
 * tests/foundation/isolation-limits.test.ts.)
 */
let srv: TestServer;
let org: TestOrg;
let webOnly: FormClient;
let allowed: FormClient;
let webOnlyId: string;
let orderId: string;
let truckId: string;

function paths(entries: RouteConfigEntry[], base = ""): string[] {
  return entries.flatMap((e) => {
    const url = e.path ? `${base}/${e.path}` : base;
    return [...(e.path || e.index ? [url] : []), ...paths(e.children ?? [], url)];
  });
}

/** The queue answers posts only: nothing to show, so GET is not allowed for anyone. */
const ACTION_ONLY = new Set(["/driver/queue"]);
/** A photo is only shown: there is no action to post to. */
const LOADER_ONLY = new Set(["/driver/checks/:id/photos/:n"]);

/** The route's URL with its parameters: the web-only driver's own order, a check id and photo number. */
const fill = (pattern: string, checkId: string) =>
  pattern.replace(":id/delivery", `${orderId}/delivery`).replace(":id/photos/:n", `${checkId}/photos/0`);

/** A body each action would store for a driver allowed the app: a passed vehicle check, a proof of delivery. */
function bodyFor(path: string): Record<string, string> {
  if (path.endsWith("/check"))
    return { vehicle_id: truckId, result_lights: "pass", result_tyres: "pass", result_damage: "pass" };
  if (path.endsWith("/delivery")) return { recipient_name: "Ana Hoxha", latitude: "41.33", longitude: "19.82" };
  if (path.endsWith("/queue"))
    return {
      intent: "vehicle-check",
      made_at: new Date().toISOString(),
      vehicle_id: truckId,
      result_lights: "pass",
      result_tyres: "pass",
      result_damage: "pass",
    };
  if (path.endsWith("/cars")) return { intent: "book" };
  return { intent: "day-start", latitude: "41.33", longitude: "19.82" };
}

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  const driver = await createUser(srv.ctx, { org, role: "driver", driver: true, language: "en" });
  await srv.ctx.db.updateTable("users").set({ web_only: true }).where("id", "=", driver.id).execute();
  webOnlyId = driver.id;
  truckId = (await createTruck(srv.ctx, org, { driver: driver.id, registration: "WO 100 AA" })).id;
  const admin = await principalFor(srv.ctx, org.adminId);
  const order = await createTmsOrder(srv.ctx, admin);
  await srv.ctx.db
    .updateTable("tms_orders")
    .set({ status: "STARTED", vehicle_id: truckId, sequence: 1 })
    .where("id", "=", order.id)
    .execute();
  orderId = order.id;
  webOnly = await signedInClient(srv, driver.email!, driver.password);
  const other = await createUser(srv.ctx, { org, role: "driver", driver: true, language: "en" });
  allowed = await signedInClient(srv, other.email!, other.password);
});
afterAll(async () => srv?.close());

describe("the driver's app and a web-only account", () => {
  const walked = paths([...driverPages, ...driverFiles]);

  it("walks every page of the driver app's route config", () => {
    expect(walked).toEqual(
      expect.arrayContaining([
        "/driver",
        "/driver/cars",
        "/driver/check",
        "/driver/orders/:id/delivery",
        "/driver/queue",
        "/driver/checks/:id/photos/:n",
      ]),
    );
  });

  it("refuses every page and action with WEB_ONLY_ACCOUNT and stores nothing; a driver without the limit is served", async () => {
    const checkId = "00000000-0000-4000-8000-000000000000";
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await (await webOnly.get("/manage")).text())?.[1] ?? null;
    for (const pattern of walked) {
      const path = fill(pattern, checkId);
      const page = await webOnly.get(path);
      if (ACTION_ONLY.has(pattern)) expect(page.status, `GET ${path}`).toBe(405);
      else {
        expect(page.status, `GET ${path}`).toBe(403);
        expect(await page.text(), `GET ${path}`).toMatch(/web application only|WEB_ONLY_ACCOUNT/);
      }
      // a form of an index page posts to ?index (the layout above it has no action)
      const target = pattern === "/driver" ? "/driver?index" : path;
      const posted = await webOnly.post(target, bodyFor(path), { csrf });
      if (LOADER_ONLY.has(pattern)) expect(posted.status, `POST ${path}`).toBe(405);
      else {
        expect(posted.status, `POST ${path}`).toBe(403);
        expect(await posted.text(), `POST ${path}`).toMatch(/web application only|WEB_ONLY_ACCOUNT/);
      }
      if (!pattern.includes(":")) expect((await allowed.get(path)).status, `allowed GET ${path}`).not.toBe(403);
    }
    const checks = await srv.ctx.db
      .selectFrom("vehicle_checks")
      .select("id")
      .where("driver_id", "=", webOnlyId)
      .execute();
    expect(checks).toHaveLength(0);
    const proofs = await srv.ctx.db
      .selectFrom("tms_proofs_of_delivery")
      .select("order_id")
      .where("order_id", "=", orderId)
      .execute();
    expect(proofs).toHaveLength(0);
  });
});
