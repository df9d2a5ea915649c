import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { createApiKey } from "../../server/modules/tms/api-keys.service";
import { SAMPLE_CSV } from "../../server/modules/tms/orders.import";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { waitFor } from "../support/wait";
import { createTmsDepot, createTmsOrder, createTruck } from "../support/factories";
import { dayFromToday } from "../support/days";

/** delivery days relative to today: a fixed date's tracking link expires a few days after it (TRACKING_VALID_DAYS) */
const [DAY_1, DAY_3, DAY_4, DAY_5] = [0, 2, 3, 4].map((d) => dayFromToday(d));

let srv: TestServer;
let org: TestOrg;
let p: Principal & { token: string };

const api = (path: string, init: RequestInit & { key?: string } = {}) =>
  fetch(`${srv.url}${path}`, {
    ...init,
    headers: {
      "content-type": "application/json",
      ...(init.key ? { "x-api-key": init.key } : { authorization: `Bearer ${p.token}` }),
      ...(init.headers ?? {}),
    },
  });

beforeAll(async () => {
  srv = await startTestServer({ withWorkers: true });
  org = await createTestOrg(srv.ctx, { demo: true });
  p = await principalFor(srv.ctx, org.adminId);
});
afterAll(async () => srv?.close());

describe("/api/tms", () => {
  it("creates an order in the spec's field names and answers them back", async () => {
    const res = await api("/api/tms/orders", {
      method: "POST",
      body: JSON.stringify({
        orderId: "API-1",
        clientOrderId: "CL-1",
        customerCode: "C-1",
        latitude: 41.3,
        longitude: 19.8,
        packets: 3,
        weight: 12.5,
        salesAgent: "Arta",
        deliveryDateAt: DAY_3,
        region: "Durrës",
        business: "Retail",
      }),
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      orderId: "API-1",
      clientOrderId: "CL-1",
      customerCode: "C-1",
      packets: 3,
      weight: 12.5,
      salesAgent: "Arta",
      deliveryDateAt: DAY_3,
      status: "PENDING",
    });
    expect(body.trackingUrl).toMatch(/^\/int\/order-track\?token=/);
    expect(body).not.toHaveProperty("org_id");
    const dup = await api("/api/tms/orders", {
      method: "POST",
      body: JSON.stringify({
        orderId: "API-1",
        customerCode: "C",
        latitude: 41,
        longitude: 19,
        deliveryDateAt: DAY_3,
      }),
    });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error).toBe("ORDER_ID_TAKEN");
    const early = await api(`/api/tms/orders/${body.id}/finish`, { method: "POST" });
    expect(early.status).toBe(409);
    expect((await early.json()).error).toBe("ORDER_TRANSITION_INVALID");
  });

  it("runs the optimiser on the worker, then completes and dispatches the plan", async () => {
    const depot = await createTmsDepot(srv.ctx, p);
    const v = await createTruck(srv.ctx, org);
    const ids = [];
    for (let i = 0; i < 4; i++)
      ids.push((await createTmsOrder(srv.ctx, p, { delivery_date_at: DAY_4, weight: "50" })).id);
    const created = await api("/api/tms/optimizations", {
      method: "POST",
      body: JSON.stringify({
        name: "API plan",
        day: DAY_4,
        depotId: depot.id,
        orders: ids,
        trucks: [{ vehicleId: v.id, capacityWeight: 150, capacityPackets: 50 }],
      }),
    });
    expect(created.status).toBe(201);
    const plan = await created.json();
    expect(plan).toMatchObject({ status: "draft", runState: "idle" });
    const notRun = await api(`/api/tms/optimizations/${plan.id}/complete`, { method: "POST" });
    expect((await notRun.json()).error).toBe("OPTIMIZATION_NOT_RUN");
    const draftDispatch = await api(`/api/tms/optimizations/${plan.id}/dispatch`, { method: "POST" });
    expect((await draftDispatch.json()).error).toBe("OPTIMIZATION_NOT_COMPLETED");
    expect((await api(`/api/tms/optimizations/${plan.id}/run`, { method: "POST" })).status).toBe(202);
    let done: {
      runState: string;
      routes: unknown[];
      unassigned: Array<{ reason: string }>;
      orders: Array<{ truck: string | null }>;
    } | null = null;
    await waitFor(
      async () => {
        done = await (await api(`/api/tms/optimizations/${plan.id}`)).json();
        return done!.runState === "done";
      },
      30_000,
      200,
    );
    // 4 × 50 kg on a 150 kg truck: three go on it, one is left out for capacity.
    expect(done!.orders.filter((o) => o.truck === v.id)).toHaveLength(3);
    expect(done!.unassigned).toEqual([expect.objectContaining({ reason: "CAPACITY" })]);
    expect((await api(`/api/tms/optimizations/${plan.id}/complete`, { method: "POST" })).status).toBe(200);
    const dispatched = await api(`/api/tms/optimizations/${plan.id}/dispatch`, { method: "POST" });
    expect(dispatched.status).toBe(200);
    const again = await api(`/api/tms/optimizations/${plan.id}/dispatch`, { method: "POST" });
    expect((await again.json()).error).toBe("OPTIMIZATION_DISPATCHED");
    const list = await (await api(`/api/tms/optimizations/${plan.id}/delivering/${v.id}`)).json();
    expect(list.stops.map((s: { sequence: number }) => s.sequence)).toEqual([1, 2, 3]);
    expect(list.stops.every((s: { status: string }) => s.status === "STARTED")).toBe(true);
  });

  it("a viewer reads but cannot write; the delivering list PDF downloads", async () => {
    const c = new FormClient(srv.url);
    await c.login(org.adminEmail, org.adminPassword);
    const plan = (await (await api("/api/tms/optimizations")).json()).find(
      (x: { name: string }) => x.name === "API plan",
    );
    const d = await (await api(`/api/tms/optimizations/${plan.id}`)).json();
    const pdf = await c.get(`/tms/delivering/${plan.id}/${d.trucks[0].vehicleId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const page = await (await c.get(`/tms/delivering/${plan.id}/${d.trucks[0].vehicleId}?lng=en`)).text();
    expect(page.match(/data-testid="delivering-stop"/g)).toHaveLength(3);
    const viewerRow = await srv.ctx.db
      .selectFrom("users")
      .select("users.id")
      .innerJoin("roles", "roles.id", "users.role_id")
      .where("users.org_id", "=", org.orgId)
      .where("roles.key", "=", "viewer")
      .executeTakeFirstOrThrow();
    const viewer = await principalFor(srv.ctx, viewerRow.id);
    const as = (path: string, init: RequestInit = {}) =>
      fetch(`${srv.url}${path}`, {
        ...init,
        headers: { "content-type": "application/json", authorization: `Bearer ${viewer.token}` },
      });
    expect((await as("/api/tms/orders")).status).toBe(200);
    expect(
      (
        await as("/api/tms/orders", {
          method: "POST",
          body: JSON.stringify({
            orderId: "V-1",
            customerCode: "C",
            latitude: 41,
            longitude: 19,
            deliveryDateAt: DAY_3,
          }),
        })
      ).status,
    ).toBe(403);
    expect((await as(`/api/tms/optimizations/${plan.id}/dispatch`, { method: "POST" })).status).toBe(403);
    expect((await as("/api/tms/api-keys")).status).toBe(403);
  });
});

describe("/api/integrations", () => {
  it("pushes orders and reads their status and tracking link with a key; revoked and unknown keys get 401", async () => {
    const { id, key } = await createApiKey(srv.ctx, p, { name: "ERP" });
    const push = await api("/api/integrations/orders", {
      key,
      method: "POST",
      body: JSON.stringify({
        orders: [
          {
            orderId: "ERP-1",
            customerCode: "K1",
            latitude: 41.31,
            longitude: 19.79,
            deliveryDateAt: DAY_5,
            weight: 10,
            packets: 1,
          },
          { orderId: "ERP-2", customerCode: "K2", latitude: 41.32, longitude: 19.8, deliveryDateAt: DAY_5 },
        ],
      }),
    });
    expect(push.status).toBe(201);
    const pushed = await push.json();
    expect(pushed.orders.map((o: { orderId: string; status: string }) => `${o.orderId}:${o.status}`)).toEqual([
      "ERP-1:PENDING",
      "ERP-2:PENDING",
    ]);
    const one = await (await api("/api/integrations/orders/ERP-1", { key })).json();
    expect(one).toMatchObject({ orderId: "ERP-1", status: "PENDING" });
    expect(one.trackingUrl).toMatch(/^\/int\/order-track\?token=[\w-]{32}$/);
    const bad = await api("/api/integrations/orders", {
      key,
      method: "POST",
      body: JSON.stringify({ orderId: "ERP-3", customerCode: "", latitude: 91 }),
    });
    expect(bad.status).toBe(400);
    expect((await api("/api/integrations/orders/ERP-1/finish", { key, method: "POST" })).status).toBe(409);
    expect((await api("/api/integrations/orders", { key: "flk_nothing_here" })).status).toBe(401);
    expect((await api("/api/integrations/orders", { headers: {} })).status).toBe(401);
    expect((await api(`/api/tms/api-keys/${id}`, { method: "DELETE" })).status).toBe(204);
    const revoked = await api("/api/integrations/orders", { key });
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).error).toBe("API_KEY_INVALID");
  });

  it("is rate-limited per key", async () => {
    const { key } = await createApiKey(srv.ctx, p, { name: "Busy" });
    const { key: other } = await createApiKey(srv.ctx, p, { name: "Quiet" });
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await api("/api/integrations/orders/none", { key })).status;
    expect(last).toBe(429);
    expect((await api("/api/integrations/orders/none", { key: other })).status).toBe(404);
  });
});

describe("import", () => {
  it("checks a CSV row by row, lists the problems, saves only the valid rows", async () => {
    const c = new FormClient(srv.url);
    await c.login(org.adminEmail, org.adminPassword);
    const sample = await c.get("/tms/optimize/import/sample.csv");
    expect(sample.headers.get("content-type")).toContain("text/csv");
    expect(await sample.text()).toContain("orderId,clientOrderId,customerCode");
    const csv = `${SAMPLE_CSV.trim()}\nSO-1003,,,No customer,,95,19.8,,,1,1,,${DAY_1},,,\nSO-1001,,X,Dup,,41,19,,,1,1,,${DAY_1},,,\n`;
    const form = new FormData();
    form.set("intent", "check");
    form.set("file", new Blob([csv], { type: "text/csv" }), "orders.csv");
    const checked = await c.post("/tms/optimize/import?lng=en", form, { from: "/tms/optimize/import" });
    expect(checked.status).toBe(200);
    const html = await checked.text();
    expect(html).toContain('data-valid="2" data-errors="2"');
    expect(html).toContain("2 of 4 rows are valid.");
    expect(html).toContain("Customer code: This field is required.");
    expect(html).toContain("An order with this order ID exists.");
    const rows = /name="rows" value="([^"]+)"/
      .exec(html)![1]
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
    const saved = await c.post("/tms/optimize/import", { intent: "save", rows });
    expect(saved.headers.get("location")).toBe("/tms/orders?imported=2");
    const stored = await srv.ctx.db
      .selectFrom("tms_orders")
      .select(["order_id", "window_start", "weight"])
      .where("org_id", "=", org.orgId)
      .where("order_id", "in", ["SO-1001", "SO-1002", "SO-1003"])
      .orderBy("order_id")
      .execute();
    expect(stored).toEqual([
      { order_id: "SO-1001", window_start: 480, weight: "84.50" },
      { order_id: "SO-1002", window_start: null, weight: "12.00" },
    ]);
  });
});

describe("API description and reports", () => {
  it("documents every /api/tms and /api/integrations route, the latter with the API key", async () => {
    const doc = await (await fetch(`${srv.url}/api/openapi.json`)).json();
    expect(doc.paths["/api/integrations/orders"].post.security).toEqual([{ apiKey: [] }]);
    for (const path of [
      "/api/tms/orders",
      "/api/tms/orders/{id}/finish",
      "/api/tms/optimizations/{id}/dispatch",
      "/api/integrations/orders/{orderId}",
    ])
      expect(doc.paths[path], path).toBeTruthy();
  });

  it("the TMS reports are in the analytics catalogue (group tms) and count deliveries per truck", async () => {
    const list = await (await api("/api/analytics/reports")).json();
    const tms = JSON.stringify(list);
    expect(tms).toContain("tms_deliveries");
    expect(tms).toContain("tms_orders");
    const res = await api(`/api/analytics/reports/tms_deliveries?from=${DAY_4}&to=${DAY_4}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    const rows = body.rows ?? body.result?.rows;
    expect(rows).toEqual([
      expect.objectContaining({ day: DAY_4, orders: 3, delivered: 0, on_the_way: 3, weight: 150 }),
    ]);
  });
});
