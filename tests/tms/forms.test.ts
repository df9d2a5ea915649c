import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { solvePlan } from "../../server/modules/tms/plans.optimize";
import * as plans from "../../server/modules/tms/plans.service";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { createTmsDepot, createTmsOrder, createTruck } from "../support/factories";

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
let p: Principal;

const orderRow = (order_id: string) =>
  srv.ctx.db
    .selectFrom("tms_orders")
    .selectAll()
    .where("org_id", "=", org.orgId)
    .where("order_id", "=", order_id)
    .executeTakeFirst();

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx, { demo: true });
  p = await principalFor(srv.ctx, org.adminId);
  admin = new FormClient(srv.url);
  await admin.login(org.adminEmail, org.adminPassword);
});
afterAll(async () => srv?.close());

describe("orders without JavaScript, in both languages", () => {
  it("/tms goes to the optimisations; the navigation and tabs list the TMS screens", async () => {
    const res = await admin.get("/tms");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/tms/optimize/list");
    const html = await (await admin.get("/tms/orders?lng=en")).text();
    expect(html).toContain('href="/tms"');
    expect(html).toContain("<h1>Transport orders</h1>");
    for (const path of ["/tms/optimize/list", "/tms/orders", "/tms/dispatch", "/tms/settings"])
      expect(html).toContain(`href="${path}"`);
    const al = await (await admin.get("/tms/orders?lng=al")).text();
    expect(al).toContain("<h1>Porositë e transportit</h1>");
  });

  it("creates an order, shows its details with status PENDING and a tracking link, lists it", async () => {
    const res = await admin.post("/tms/orders/add", {
      order_id: "WEB-1",
      client_order_id: "CL-9",
      customer_code: "CUST-7",
      customer_name: "Bar Rinia",
      latitude: "41,33",
      longitude: "19.82",
      region: "Tiranë",
      business: "HoReCa",
      packets: "4",
      weight: "35.5",
      sales_agent: "Arta",
      delivery_date_at: "2026-12-05",
      window_start: "09:00",
      window_end: "12:00",
      notes: "Back door",
    });
    expect(res.status).toBe(302);
    const saved = await orderRow("WEB-1");
    expect(saved).toMatchObject({
      status: "PENDING",
      latitude: 41.33,
      weight: "35.50",
      window_start: 540,
      window_end: 720,
      client_order_id: "CL-9",
    });
    expect(res.headers.get("location")).toBe(`/tms/orders/${saved!.id}?created=1`);
    const view = await (await admin.get(`/tms/orders/${saved!.id}?lng=en`)).text();
    expect(view).toContain('data-status="PENDING"');
    expect(view).toContain(`/int/order-track?token=${saved!.tracking_token}`);
    const list = await (await admin.get("/tms/orders?q=web-1&lng=al")).text();
    expect(list).toContain(`href="/tms/orders/${saved!.id}"`);
    expect(list).toContain("Në pritje");
  });

  it("missing and wrong fields: 'please fill all fields', typed values kept, nothing saved", async () => {
    const res = await admin.post("/tms/orders/add?lng=en", {
      order_id: "HALF-1",
      customer_code: "",
      latitude: "95",
      longitude: "19",
      delivery_date_at: "2026-13-01",
      window_start: "10:00",
      window_end: "09:00",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain('value="HALF-1"');
    expect(html).toContain("The window must end after it starts.");
    expect(await orderRow("HALF-1")).toBeUndefined();
  });

  it("a duplicate order id is refused with ORDER_ID_TAKEN beside the field", async () => {
    await createTmsOrder(srv.ctx, p, { order_id: "WEB-DUP" });
    const res = await admin.post("/tms/orders/add?lng=en", {
      order_id: "WEB-DUP",
      customer_code: "C",
      latitude: "41",
      longitude: "19",
      delivery_date_at: "2026-12-05",
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("An order with this order ID exists.");
  });

  it("edits a PENDING order; deletes it after confirmation", async () => {
    const o = await createTmsOrder(srv.ctx, p, { order_id: "WEB-EDIT" });
    const res = await admin.post(`/tms/orders/edit/${o.id}`, {
      order_id: "WEB-EDIT",
      customer_code: "NEW",
      latitude: "41.1",
      longitude: "19.5",
      delivery_date_at: "2026-12-06",
      packets: "9",
      weight: "",
    });
    expect(res.status).toBe(302);
    expect(await orderRow("WEB-EDIT")).toMatchObject({
      customer_code: "NEW",
      packets: 9,
      weight: "0.00",
      delivery_date_at: "2026-12-06",
    });
    const confirm = await (await admin.get(`/tms/orders/edit/${o.id}?delete=1`)).text();
    expect(confirm).toContain('data-testid="delete-confirm"');
    const del = await admin.post(`/tms/orders/edit/${o.id}`, { intent: "delete" });
    expect(del.headers.get("location")).toBe("/tms/orders?deleted=1");
    expect(await orderRow("WEB-EDIT")).toBeUndefined();
  });
});

describe("optimisation screens without JavaScript", () => {
  it("plans a day: draft, optimise, result with load bars and delivering links, move with the capacity check, complete, read-only after", async () => {
    const depot = await createTmsDepot(srv.ctx, p, "Rinas");
    const [a, b] = [
      await createTruck(srv.ctx, org, { registration: "AA 100 TR" }),
      await createTruck(srv.ctx, org, { registration: "AA 200 TR" }),
    ];
    const orders = [];
    for (let i = 0; i < 6; i++)
      orders.push(
        await createTmsOrder(srv.ctx, p, {
          order_id: `PLAN-${i}`,
          delivery_date_at: "2026-12-10",
          weight: "100",
          packets: "5",
        }),
      );
    const form = await (await admin.get("/tms/optimize/add?day=2026-12-10&lng=en")).text();
    for (const o of orders) expect(form).toContain(`value="${o.id}"`);
    const res = await admin.post("/tms/optimize/add", {
      name: "Tuesday",
      day: "2026-12-10",
      depot_id: depot.id,
      orders: orders.map((o) => o.id),
      truck: [a.id, b.id],
      [`weight_${a.id}`]: "300",
      [`packets_${a.id}`]: "20",
      [`weight_${b.id}`]: "300",
      [`packets_${b.id}`]: "20",
    });
    expect(res.status).toBe(302);
    const id = /edit\/([0-9a-f-]{36})/.exec(res.headers.get("location")!)![1];
    const draft = await (await admin.get(`/tms/optimize/edit/${id}?lng=en`)).text();
    expect(draft).toContain('data-status="draft"');
    expect(draft).toContain("Not optimised yet");

    // The worker's job, run here directly (the queue is tested in the service tests).
    const queued = await admin.post(`/tms/optimize/edit/${id}`, { intent: "run" });
    expect(queued.headers.get("location")).toBe(`/tms/optimize/edit/${id}?queued=1`);
    expect((await plans.getPlan(srv.ctx, p, id)).runState).toBe("queued");
    await srv.ctx.db.updateTable("tms_optimizations").set({ run_state: "idle" }).where("id", "=", id).execute();
    await solvePlan(srv.ctx, org.orgId, id, { timeLimitMs: 300 });

    const result = await (await admin.get(`/tms/optimize/edit/${id}?lng=en`)).text();
    expect(result).toContain('data-testid="plan-result"');
    expect(result.match(/data-testid="stop-row"/g)).toHaveLength(6);
    expect(result).toContain("Weight 300 / 300 kg");
    expect(result).toContain(`/tms/delivering/${id}/${a.id}`);

    const rows = await srv.ctx.db
      .selectFrom("tms_orders")
      .select(["id", "vehicle_id"])
      .where("optimization_id", "=", id)
      .execute();
    const onA = rows.find((r) => r.vehicle_id === a.id)!;
    const over = await admin.post(`/tms/optimize/edit/${id}?lng=en`, {
      intent: "move",
      order: onA.id,
      vehicle_id: b.id,
      position: "1",
    });
    expect(over.status).toBe(409);
    expect(await over.text()).toContain("The truck would be over its capacity.");
    const out = await admin.post(`/tms/optimize/edit/${id}`, {
      intent: "move",
      order: onA.id,
      vehicle_id: "",
      position: "",
    });
    expect(out.status).toBe(302);
    const withOut = await (await admin.get(`/tms/optimize/edit/${id}?lng=al`)).text();
    expect(withOut).toContain("E lënë jashtë nga planifikuesi");

    const done = await admin.post(`/tms/optimize/edit/${id}`, { intent: "complete" });
    expect(done.headers.get("location")).toBe(`/tms/optimize/edit/${id}?completed=1`);
    expect((await plans.getPlan(srv.ctx, p, id)).status).toBe("completed");
    expect(
      (
        await srv.ctx.db
          .selectFrom("tms_orders")
          .select("optimization_id")
          .where("id", "=", onA.id)
          .executeTakeFirstOrThrow()
      ).optimization_id,
    ).toBeNull();
    const again = await admin.post(`/tms/optimize/edit/${id}?lng=en`, { intent: "run" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("A completed optimisation cannot be changed.");
    const list = await (await admin.get("/tms/optimize/list?lng=en")).text();
    expect(list).toContain("Tuesday");
    expect(list).toContain('data-status="completed"');
  });

  it("refuses a plan without orders or trucks, with the reasons beside the lists", async () => {
    const depot = await createTmsDepot(srv.ctx, p);
    const res = await admin.post("/tms/optimize/add?lng=en", { name: "Empty", day: "2026-12-11", depot_id: depot.id });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Choose at least one order.");
    expect(html).toContain("Choose at least one truck.");
  });
});

describe("a refused plan keeps what was typed (no JavaScript), in both languages", () => {
  /** Whether the checkbox `name`=`value` is rendered checked (attributes in any order). */
  const checked = (html: string, name: string, value: string) =>
    (html.match(/<input [^>]*>/g) ?? []).some(
      (tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`) && / checked=""/.test(tag),
    );

  it("re-renders the form with every field as typed and the field errors", async () => {
    const depots = [await createTmsDepot(srv.ctx, p, "Durrës Port"), await createTmsDepot(srv.ctx, p, "Elbasan")];
    const [a, b] = [
      await createTruck(srv.ctx, org, { registration: "TY 101 AA" }),
      await createTruck(srv.ctx, org, { registration: "TY 202 BB" }),
    ];
    const [o1, o2] = [
      await createTmsOrder(srv.ctx, p, { order_id: "TYPED-1", delivery_date_at: "2026-12-14" }),
      await createTmsOrder(srv.ctx, p, { order_id: "TYPED-2", delivery_date_at: "2026-12-14" }),
    ];
    const typed = {
      name: "Monday typed",
      day: "2026-12-14",
      depot_id: depots[1].id,
      orders: [o2.id],
      truck: [b.id],
      [`weight_${a.id}`]: "777",
      [`packets_${a.id}`]: "12",
      [`weight_${b.id}`]: "lots",
      [`packets_${b.id}`]: "33",
    };
    for (const [lng, error, notNumber] of [
      ["en", "please fill all fields", "Enter a number."],
      ["al", "Ju lutem plotësoni të gjitha fushat", "Shkruani një numër."],
    ] as const) {
      const res = await admin.post(`/tms/optimize/add?day=2026-12-14&lng=${lng}`, typed);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html.toLowerCase()).toContain(error.toLowerCase());
      expect(html).toContain('value="Monday typed"');
      expect(html).toContain('value="2026-12-14"');
      expect(html).toMatch(new RegExp(`<option value="${depots[1].id}" selected`));
      expect(checked(html, "orders", o2.id)).toBe(true);
      expect(checked(html, "orders", o1.id)).toBe(false);
      expect(checked(html, "truck", b.id)).toBe(true);
      expect(checked(html, "truck", a.id)).toBe(false);
      for (const v of ["777", "12", "lots", "33"]) expect(html).toContain(`value="${v}"`);
      // the error beside the capacity that caused it
      expect(html).toMatch(new RegExp(`id="weight_${b.id}-error"[^>]*>.*?${notNumber.replace(".", "\\.")}`, "s"));
    }
    expect(
      await srv.ctx.db
        .selectFrom("tms_optimizations")
        .select("id")
        .where("org_id", "=", org.orgId)
        .where("name", "=", "Monday typed")
        .execute(),
    ).toEqual([]);
  });

  it("keeps the typed values when the service refuses (an order already in another plan), on the edit page too", async () => {
    const depot = await createTmsDepot(srv.ctx, p, "Vlorë");
    const a = await createTruck(srv.ctx, org, { registration: "TY 303 CC" });
    const taken = await createTmsOrder(srv.ctx, p, { order_id: "TAKEN-1", delivery_date_at: "2026-12-15" });
    const free = await createTmsOrder(srv.ctx, p, { order_id: "FREE-1", delivery_date_at: "2026-12-15" });
    const base = {
      day: "2026-12-15",
      depot_id: depot.id,
      truck: [a.id],
      [`weight_${a.id}`]: "500",
      [`packets_${a.id}`]: "40",
    };
    const first = await plans.createPlan(srv.ctx, p, { ...base, name: "Holds the order", orders: [taken.id] });
    const other = await plans.createPlan(srv.ctx, p, { ...base, name: "Other plan", orders: [free.id] });
    for (const [lng, message] of [
      ["en", "The order already belongs to another optimisation."],
      ["al", "Porosia i përket tashmë një optimizimi tjetër."],
    ] as const) {
      const res = await admin.post(`/tms/optimize/edit/${other.id}?lng=${lng}`, {
        intent: "save",
        ...base,
        name: "Renamed typed",
        orders: [free.id, taken.id],
        [`weight_${a.id}`]: "456",
      });
      expect(res.status).toBe(409);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain('value="Renamed typed"');
      expect(html).toContain('value="456"');
      expect(html).toMatch(/<details open=""/);
    }
    expect((await plans.getPlan(srv.ctx, p, other.id)).name).toBe("Other plan");
    expect(first.id).toBeTruthy();
  });
});

describe("settings without JavaScript", () => {
  it("saves the planning defaults, refuses a reversed working day, adds a depot, creates a key shown once and revokes it", async () => {
    const ok = await admin.post("/tms/settings", {
      intent: "save",
      service_minutes: "8",
      weight_unit: "kg",
      packet_unit: "pallets",
      window_start: "07:30",
      window_end: "17:00",
      time_limit_s: "20",
      arrival_radius_m: "200",
    });
    expect(ok.headers.get("location")).toBe("/tms/settings?saved=1");
    expect(
      await srv.ctx.db.selectFrom("tms_settings").selectAll().where("org_id", "=", org.orgId).executeTakeFirstOrThrow(),
    ).toMatchObject({
      service_minutes: 8,
      packet_unit: "pallets",
      window_start: 450,
      window_end: 1020,
      time_limit_s: 20,
      arrival_radius_m: 200,
    });
    const bad = await admin.post("/tms/settings?lng=en", {
      intent: "save",
      service_minutes: "8",
      weight_unit: "kg",
      packet_unit: "packets",
      window_start: "18:00",
      window_end: "08:00",
      time_limit_s: "700",
      arrival_radius_m: "200",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("The window must end after it starts.");
    expect(html).toContain('value="700"');
    const depot = await admin.post("/tms/settings", {
      intent: "addDepot",
      name: "Depo Fier",
      latitude: "40.72",
      longitude: "19.56",
    });
    expect(depot.headers.get("location")).toBe("/tms/settings?depotAdded=1");
    expect(await (await admin.get("/tms/settings?lng=al")).text()).toContain("Depo Fier");
    const created = await admin.post("/tms/settings?lng=en", { intent: "createKey", name: "ERP" });
    expect(created.status).toBe(200);
    const key = /data-testid="new-key">(flk_[^<]+)</.exec(await created.text())![1];
    expect((await fetch(`${srv.url}/api/integrations/orders`, { headers: { "x-api-key": key } })).status).toBe(200);
    const again = await (await admin.get("/tms/settings")).text();
    expect(again).not.toContain(key);
    const row = await srv.ctx.db
      .selectFrom("tms_api_keys")
      .select(["id", "key_hash"])
      .where("org_id", "=", org.orgId)
      .where("name", "=", "ERP")
      .executeTakeFirstOrThrow();
    expect(row.key_hash).not.toContain(key.slice(4, 12) + key.slice(-8));
    const revoked = await admin.post("/tms/settings", { intent: "revokeKey", key: row.id });
    expect(revoked.headers.get("location")).toBe("/tms/settings?revoked=1");
    expect((await fetch(`${srv.url}/api/integrations/orders`, { headers: { "x-api-key": key } })).status).toBe(401);
  });
});
