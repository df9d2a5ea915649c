import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { ORDER_TRANSITIONS, canMove } from "../../server/modules/tms/order-status";
import * as orders from "../../server/modules/tms/orders.service";
import { solvePlan } from "../../server/modules/tms/plans.optimize";
import * as plans from "../../server/modules/tms/plans.service";
import { ORDER_STATUSES } from "../../server/modules/tms/tms.schema";
import { seedDemoTms } from "../../server/seed/seed-tms";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createTmsDepot, createTmsOrder, createTruck } from "../support/factories";
import { outcome } from "../support/outcome";

let ctx: TestContext;
let org: TestOrg;
let admin: Principal;
let viewer: Principal;
let other: Principal;

/** An order taken through a plan up to STARTED (dispatched on one truck). */
async function startedOrder() {
  const order = await createTmsOrder(ctx, admin, { delivery_date_at: "2026-12-02" });
  const depot = await createTmsDepot(ctx, admin);
  const v = await createTruck(ctx, org);
  const plan = await plans.createPlan(ctx, admin, {
    name: "P",
    day: "2026-12-02",
    depot_id: depot.id,
    orders: [order.id],
    trucks: [{ vehicle_id: v.id, capacity_weight: 100, capacity_packets: 10 }],
  });
  await solvePlan(ctx, admin.orgId, plan.id, { timeLimitMs: 200 });
  await plans.completePlan(ctx, admin, plan.id);
  await plans.dispatchPlan(ctx, admin, plan.id);
  return orders.orderRow(ctx, admin, order.id);
}

beforeAll(async () => {
  ctx = createTestContext();
  const b = await createTestOrg(ctx);
  org = await createTestOrg(ctx, { demo: true });
  admin = await principalFor(ctx, org.adminId);
  other = await principalFor(ctx, b.adminId);
  const viewerRow = await ctx.db
    .selectFrom("users")
    .select("users.id")
    .innerJoin("roles", "roles.id", "users.role_id")
    .where("users.org_id", "=", org.orgId)
    .where("roles.key", "=", "viewer")
    .executeTakeFirstOrThrow();
  viewer = await principalFor(ctx, viewerRow.id);
});
afterAll(async () => ctx?.close());

describe("order states (spec section 4: PENDING, STARTED, FINISHED)", () => {
  it("allows exactly PENDING → STARTED and STARTED → FINISHED", () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual(["PENDING>STARTED", "STARTED>FINISHED"]);
    expect(ORDER_TRANSITIONS.FINISHED).toEqual([]);
  });

  it("a new order is PENDING with a tracking link", async () => {
    const o = await createTmsOrder(ctx, admin);
    expect(o.status).toBe("PENDING");
    expect(o.tracking_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(orders.trackingPath(o.tracking_token)).toBe(`/int/order-track?token=${o.tracking_token}`);
  });

  it("PENDING → FINISHED is refused with ORDER_TRANSITION_INVALID", async () => {
    const o = await createTmsOrder(ctx, admin);
    expect(await outcome(orders.finishOrder(ctx, admin, o.id))).toBe("ORDER_TRANSITION_INVALID");
    expect((await orders.getOrder(ctx, admin, o.id)).status).toBe("PENDING");
  });

  it("dispatch moves PENDING → STARTED; STARTED → FINISHED records who finished it; FINISHED is final", async () => {
    const o = await startedOrder();
    expect(o.status).toBe("STARTED");
    expect(o.started_at).toBeInstanceOf(Date);
    const done = await orders.finishOrder(ctx, admin, o.id, "driver");
    expect(done).toMatchObject({ status: "FINISHED", finishedBy: "driver" });
    const stored = await orders.orderRow(ctx, admin, o.id);
    expect(stored.tracking_expires_at!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(await outcome(orders.finishOrder(ctx, admin, o.id))).toBe("ORDER_TRANSITION_INVALID");
    expect(await outcome(orders.startOrdersIn(ctx.db, admin.orgId, [o.id]))).toBe("ORDER_TRANSITION_INVALID");
  });

  it("STARTED → STARTED (a second dispatch) is refused", async () => {
    const o = await startedOrder();
    expect(await outcome(orders.startOrdersIn(ctx.db, admin.orgId, [o.id]))).toBe("ORDER_TRANSITION_INVALID");
  });

  it("an order without a truck cannot start", async () => {
    const o = await createTmsOrder(ctx, admin);
    expect(await outcome(orders.startOrdersIn(ctx.db, admin.orgId, [o.id]))).toBe("ORDER_TRANSITION_INVALID");
  });

  it("only a PENDING order can be edited or deleted (ORDER_NOT_PENDING)", async () => {
    const o = await startedOrder();
    const fields = {
      order_id: o.order_id,
      customer_code: "X",
      latitude: "41",
      longitude: "19",
      delivery_date_at: "2026-12-02",
    };
    expect(await outcome(orders.updateOrder(ctx, admin, o.id, fields))).toBe("ORDER_NOT_PENDING");
    expect(await outcome(orders.deleteOrder(ctx, admin, o.id))).toBe("ORDER_NOT_PENDING");
    const pending = await createTmsOrder(ctx, admin);
    expect(
      await outcome(
        orders.updateOrder(ctx, admin, pending.id, { ...fields, order_id: pending.order_id, weight: "12.5" }),
      ),
    ).toBe("OK");
    expect(await outcome(orders.deleteOrder(ctx, admin, pending.id))).toBe("OK");
  });
});

describe("order rules", () => {
  it("an order id is unique in the organisation (ORDER_ID_TAKEN), not across organisations", async () => {
    await createTmsOrder(ctx, admin, { order_id: "DUP-1" });
    expect(await outcome(createTmsOrder(ctx, admin, { order_id: "DUP-1" }))).toBe("ORDER_ID_TAKEN");
    expect(await outcome(createTmsOrder(ctx, other, { order_id: "DUP-1" }))).toBe("OK");
  });

  it("required fields, numbers and the delivery window are checked", async () => {
    expect(
      await outcome(
        orders.createOrder(ctx, admin, {
          order_id: "",
          customer_code: "",
          latitude: "",
          longitude: "x",
          delivery_date_at: "2026-02-30",
        }),
      ),
    ).toBe(
      "order_id:errors.required,customer_code:errors.required,latitude:errors.required,longitude:errors.number,delivery_date_at:errors.date",
    );
    expect(await outcome(createTmsOrder(ctx, admin, { weight: "-1", packets: "1.5" }))).toBe(
      "packets:errors.number,weight:errors.range",
    );
    expect(await outcome(createTmsOrder(ctx, admin, { window_start: "12:00", window_end: "10:00" }))).toBe(
      "window_end:errors.windowOrder",
    );
    expect(await outcome(createTmsOrder(ctx, admin, { window_start: "12:00" }))).toBe("window_end:errors.required");
    const ok = await createTmsOrder(ctx, admin, { window_start: "09:00", window_end: "11:30", weight: "12,75" });
    expect(ok).toMatchObject({ window_start: 540, window_end: 690, weight: "12.75" });
  });

  it("a viewer reads but cannot write; another organisation sees nothing", async () => {
    const o = await createTmsOrder(ctx, admin);
    expect(await outcome(orders.getOrder(ctx, viewer, o.id))).toBe("OK");
    expect(await outcome(createTmsOrder(ctx, viewer))).toBe("FORBIDDEN");
    expect(await outcome(orders.getOrder(ctx, other, o.id))).toBe("NOT_FOUND");
    expect(await outcome(orders.deleteOrder(ctx, other, o.id))).toBe("NOT_FOUND");
    expect(await outcome(orders.finishOrder(ctx, other, o.id))).toBe("NOT_FOUND");
    const page = await orders.listOrders(ctx, other, { q: "", page: 1, size: 200, dir: "asc" });
    expect(page.items.map((i) => i.id)).not.toContain(o.id);
  });
});

describe("demo data", () => {
  it("seeds a depot and 60 pending orders with working tracking links", async () => {
    const fresh = await createTestOrg(ctx);
    const p = await principalFor(ctx, fresh.adminId);
    await seedDemoTms(ctx.db, fresh.orgId);
    const page = await orders.listOrderRows(ctx, p, { q: "", page: 1, size: 200, dir: "asc" }, { status: "PENDING" });
    expect(page.total).toBe(60);
    expect(page.items.every((o) => o.tracking_token && o.tracking_token.length === 32)).toBe(true);
  });
});
