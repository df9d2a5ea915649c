import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { unfitOrders } from "../../server/modules/tms/plan-solver";
import { solvePlan } from "../../server/modules/tms/plans.optimize";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { createTmsDepot, createTmsOrder, createTruck } from "../support/factories";

/**
 * Issue 22: an optimisation with an order that no truck can carry is refused at once with the reason (which orders,
 * which capacity dimension), instead of the optimiser searching its whole time budget for a place.
 */

let srv: TestServer;
let org: TestOrg;
let p: Principal & { token: string };
let planId: string;
let heavy: string;
let bulky: string;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${srv.url}${path}`, {
    ...init,
    headers: { "content-type": "application/json", authorization: `Bearer ${p.token}` },
  });

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  p = await principalFor(srv.ctx, org.adminId);
  const depot = await createTmsDepot(srv.ctx, p);
  const [small, large] = [await createTruck(srv.ctx, org), await createTruck(srv.ctx, org)];
  const day = "2026-12-07";
  const order = (over: Record<string, unknown>) => createTmsOrder(srv.ctx, p, { delivery_date_at: day, ...over });
  const fits = await order({ weight: "100", packets: "5" });
  const h = await order({ weight: "900.5", packets: "5" });
  const b = await order({ weight: "10", packets: "80" });
  [heavy, bulky] = [h.order_id, b.order_id];
  const created = await api("/api/tms/optimizations", {
    method: "POST",
    body: JSON.stringify({
      name: "Too big",
      day,
      depotId: depot.id,
      orders: [fits.id, h.id, b.id],
      trucks: [
        { vehicleId: small.id, capacityWeight: 150, capacityPackets: 20 },
        { vehicleId: large.id, capacityWeight: 800, capacityPackets: 50 },
      ],
    }),
  });
  expect(created.status).toBe(201);
  planId = (await created.json()).id;
});
afterAll(async () => srv?.close());

describe("orders that fit no truck", () => {
  it("are found per order and dimension against the largest truck", () => {
    const trucks = [
      { vehicle_id: "a", capacity_weight: 150, capacity_packets: 20 },
      { vehicle_id: "b", capacity_weight: 800, capacity_packets: 50 },
    ];
    const orders = [
      { id: "1", order_id: "O1", weight: "800", packets: 50 },
      { id: "2", order_id: "O2", weight: "800.01", packets: 51 },
    ];
    expect(unfitOrders(orders, trucks)).toEqual([
      { id: "2", order_id: "O2", dimension: "weight", amount: 800.01, largest: 800 },
      { id: "2", order_id: "O2", dimension: "packets", amount: 51, largest: 50 },
    ]);
    expect(unfitOrders(orders, [])).toEqual([]);
  });

  it("refuse the run through the API at once, naming the orders and the dimension; nothing is queued", async () => {
    const res = await api(`/api/tms/optimizations/${planId}/run`, { method: "POST" });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error).toBe("ORDER_FITS_NO_TRUCK");
    expect(body.message).toContain(heavy);
    expect(body.message).toContain(bulky);
    expect(body.details.orders).toEqual([
      expect.objectContaining({ order_id: heavy, dimension: "weight", amount: 900.5, largest: 800 }),
      expect.objectContaining({ order_id: bulky, dimension: "packets", amount: 80, largest: 50 }),
    ]);
    const plan = await (await api(`/api/tms/optimizations/${planId}`)).json();
    expect(plan.runState).toBe("idle");
  });

  it("refuse the run on the page with the list of orders, in both languages", async () => {
    const c = new FormClient(srv.url);
    await c.login(org.adminEmail, org.adminPassword);
    const res = await c.post(`/tms/optimize/edit/${planId}`, { intent: "run" });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("Some orders fit no truck of this optimisation");
    expect(html).toContain(`Order ${heavy}: weight 900.5 kg, the largest truck carries 800 kg.`);
    expect(html).toContain(`Order ${bulky}: 80 packets, the largest truck carries 50.`);
    const al = await c.post(`/tms/optimize/edit/${planId}?lng=al`, { intent: "run" });
    expect(await al.text()).toContain(`Porosia ${bulky}: 80 pako, kamioni më i madh mban 50.`);
  });

  it("fail a run already queued at once instead of spending the time budget", async () => {
    // the worker's side, as if the orders changed after the run was queued: a budget far beyond the test's timeout
    expect(await solvePlan(srv.ctx, org.orgId, planId, { timeLimitMs: 120_000 })).toBeNull();
    const plan = await (await api(`/api/tms/optimizations/${planId}`)).json();
    expect(plan.runState).toBe("failed");
  });
});
