import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { updateOrder } from "../../server/modules/tms/orders.service";
import { unfitOrders } from "../../server/modules/tms/plan-solver";
import { solvePlan } from "../../server/modules/tms/plans.optimize";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { createTmsDepot, createTmsOrder, createTruck } from "../support/factories";

/**
 * An order that no truck of an optimisation can carry (issue 22, issue 51 item 8): refused when the plan is made or
 * changed, by the API and the page alike, before anything is stored or queued, with the orders named and why; a run
 * is refused the same way when an order changed since, and the worker fails such a run at once instead of
 * searching its whole time budget.
 */

let srv: TestServer;
let org: TestOrg;
let p: Principal & { token: string };
let depotId: string;
let small: string;
let large: string;
/** tomorrow in UTC: the plans' day, never in the past whatever day the suite runs */
const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${srv.url}${path}`, {
    ...init,
    headers: { "content-type": "application/json", authorization: `Bearer ${p.token}` },
  });
const order = (over: Record<string, unknown>) => createTmsOrder(srv.ctx, p, { delivery_date_at: day, ...over });
const planBody = (name: string, orders: string[], trucks: Array<[string, number, number]>) =>
  JSON.stringify({
    name,
    day,
    depotId,
    orders,
    trucks: trucks.map(([vehicleId, capacityWeight, capacityPackets]) => ({
      vehicleId,
      capacityWeight,
      capacityPackets,
    })),
  });
const plansNamed = async (name: string) =>
  ((await (await api("/api/tms/optimizations")).json()) as Array<{ name: string }>).filter((x) => x.name === name);
const planOf = async (id: string) =>
  ((await (await api(`/api/tms/orders/${id}`)).json()) as { optimizationId: string | null }).optimizationId;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  p = await principalFor(srv.ctx, org.adminId);
  depotId = (await createTmsDepot(srv.ctx, p)).id;
  [small, large] = [(await createTruck(srv.ctx, org)).id, (await createTruck(srv.ctx, org)).id];
});
afterAll(async () => srv?.close());

describe("which orders fit no truck", () => {
  it("per order and dimension against the largest truck, and both together against each truck", () => {
    const trucks = [
      { vehicle_id: "a", capacity_weight: 150, capacity_packets: 50 },
      { vehicle_id: "b", capacity_weight: 800, capacity_packets: 20 },
    ];
    const orders = [
      { id: "1", order_id: "O1", weight: "800", packets: 20 },
      { id: "2", order_id: "O2", weight: "800.01", packets: 51 },
      { id: "3", order_id: "O3", weight: "150", packets: 50 },
      // within the heaviest truck's weight and the bulkiest one's packets, but no single truck holds both
      { id: "4", order_id: "O4", weight: "151", packets: 21 },
    ];
    expect(unfitOrders(orders, trucks)).toEqual([
      { id: "2", order_id: "O2", dimension: "weight", amount: 800.01, largest: 800 },
      { id: "2", order_id: "O2", dimension: "packets", amount: 51, largest: 50 },
      { id: "4", order_id: "O4", dimension: "both", weight: 151, packets: 21 },
    ]);
    expect(unfitOrders(orders, [])).toEqual([]);
  });
});

describe("a plan with an order no truck can carry", () => {
  it("is refused by POST /api/tms/optimizations with the order named; nothing is stored", async () => {
    const heavy = await order({ weight: "5000", packets: "1", client_order_id: "PO-5000" });
    const light = await order({ weight: "10", packets: "1" });
    const res = await api("/api/tms/optimizations", {
      method: "POST",
      body: planBody("Five tonnes", [heavy.id, light.id], [[small, 100, 20]]),
    });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error).toBe("ORDER_FITS_NO_TRUCK");
    expect(body.message).toContain(heavy.order_id);
    expect(body.message).not.toContain(light.order_id);
    expect(body.details.orders).toEqual([
      {
        id: heavy.id,
        order_id: heavy.order_id,
        client_order_id: "PO-5000",
        dimension: "weight",
        amount: 5000,
        largest: 100,
      },
    ]);
    expect(await plansNamed("Five tonnes")).toEqual([]);
    expect([await planOf(heavy.id), await planOf(light.id)]).toEqual([null, null]);
  });

  it("is refused when the orders fit each dimension's largest truck but no one truck holds both", async () => {
    const both = await order({ weight: "500", packets: "60" });
    const res = await api("/api/tms/optimizations", {
      method: "POST",
      body: planBody(
        "Both together",
        [both.id],
        [
          [small, 1000, 10],
          [large, 100, 100],
        ],
      ),
    });
    expect(res.status).toBe(409);
    expect((await res.json()).details.orders).toEqual([
      expect.objectContaining({ id: both.id, order_id: both.order_id, dimension: "both", weight: 500, packets: 60 }),
    ]);
    expect(await plansNamed("Both together")).toEqual([]);
  });

  it("is refused by PUT /api/tms/optimizations/:id, leaving the saved plan as it was", async () => {
    const fits = await order({ weight: "100", packets: "5" });
    const created = await api("/api/tms/optimizations", {
      method: "POST",
      body: planBody("Shrunk", [fits.id], [[small, 150, 20]]),
    });
    expect(created.status).toBe(201);
    const id = (await created.json()).id;
    const res = await api(`/api/tms/optimizations/${id}`, {
      method: "PUT",
      body: planBody("Shrunk", [fits.id], [[small, 50, 20]]),
    });
    expect(res.status).toBe(409);
    expect((await res.json()).details.orders).toEqual([
      expect.objectContaining({ order_id: fits.order_id, dimension: "weight", amount: 100, largest: 50 }),
    ]);
    const c = new FormClient(srv.url);
    await c.login(org.adminEmail, org.adminPassword);
    const page = await c.post(`/tms/optimize/edit/${id}`, {
      intent: "save",
      name: "Shrunk",
      day,
      depot_id: depotId,
      orders: [fits.id],
      truck: [small],
      [`weight_${small}`]: "50",
      [`packets_${small}`]: "20",
    });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(`Order ${fits.order_id}: weight 100 kg, the largest truck carries 50 kg.`);
    const plan = await (await api(`/api/tms/optimizations/${id}`)).json();
    expect(plan.trucks).toEqual([expect.objectContaining({ vehicleId: small, capacityWeight: 150 })]);
  });

  it("is refused on the plan page with the orders listed and every field as typed, in both languages", async () => {
    const heavy = await order({ weight: "900.5", packets: "5" });
    const bulky = await order({ weight: "10", packets: "80" });
    const c = new FormClient(srv.url);
    await c.login(org.adminEmail, org.adminPassword);
    const fields = {
      intent: "save",
      name: "Too big on the page",
      day,
      depot_id: depotId,
      orders: [heavy.id, bulky.id],
      truck: [small],
      [`weight_${small}`]: "800",
      [`packets_${small}`]: "50",
    };
    const res = await c.post(`/tms/optimize/add?day=${day}`, fields);
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("Some orders fit no truck of this optimisation");
    expect(html).toContain(`Order ${heavy.order_id}: weight 900.5 kg, the largest truck carries 800 kg.`);
    expect(html).toContain(`Order ${bulky.order_id}: 80 packets, the largest truck carries 50.`);
    expect(html).toContain('value="Too big on the page"');
    const al = await c.post(`/tms/optimize/add?day=${day}&lng=al`, fields);
    expect(await al.text()).toContain(`Porosia ${bulky.order_id}: 80 pako, kamioni më i madh mban 50.`);
    expect(await plansNamed("Too big on the page")).toEqual([]);
  });
});

describe("a saved plan whose order grew past every truck", () => {
  let planId: string;
  let heavy: string;

  beforeAll(async () => {
    const o = await order({ weight: "100", packets: "5" });
    const created = await api("/api/tms/optimizations", {
      method: "POST",
      body: planBody(
        "Grew",
        [o.id],
        [
          [small, 150, 20],
          [large, 800, 50],
        ],
      ),
    });
    expect(created.status).toBe(201);
    planId = (await created.json()).id;
    // the order is still PENDING, so it may be edited after the plan was saved
    await updateOrder(srv.ctx, p, o.id, {
      order_id: o.order_id,
      customer_code: o.customer_code,
      latitude: String(o.latitude),
      longitude: String(o.longitude),
      delivery_date_at: day,
      weight: "900.5",
      packets: "5",
    });
    heavy = o.order_id;
  });

  it("is refused at run through the API, naming the order; nothing is queued", async () => {
    const res = await api(`/api/tms/optimizations/${planId}/run`, { method: "POST" });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error).toBe("ORDER_FITS_NO_TRUCK");
    expect(body.message).toContain(heavy);
    expect(body.details.orders).toEqual([
      expect.objectContaining({ order_id: heavy, dimension: "weight", amount: 900.5, largest: 800 }),
    ]);
    const plan = await (await api(`/api/tms/optimizations/${planId}`)).json();
    expect(plan.runState).toBe("idle");
  });

  it("is refused at run on the page with the order listed", async () => {
    const c = new FormClient(srv.url);
    await c.login(org.adminEmail, org.adminPassword);
    const res = await c.post(`/tms/optimize/edit/${planId}`, { intent: "run" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(`Order ${heavy}: weight 900.5 kg, the largest truck carries 800 kg.`);
  });

  it("fails a run already queued at once instead of spending the time budget", async () => {
    // the worker's side, as if the order changed after the run was queued: a budget far beyond the test's timeout
    expect(await solvePlan(srv.ctx, org.orgId, planId, { timeLimitMs: 120_000 })).toBeNull();
    const plan = await (await api(`/api/tms/optimizations/${planId}`)).json();
    expect(plan.runState).toBe("failed");
  });
});
