import { emitEvent } from "../events";
import type { AppContext } from "../../context";
import type { DB } from "../../db/database";
import { AppError, notFound } from "../../errors";
import { newToken } from "../../security/tokens";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { pickSort, toPage, type ListQuery } from "../shared/listing";
import { mapPage } from "../shared/mapping";
import { assertPending, assertTransition } from "./order-status";
import { ordersRepo, type Order, type OrderRecord, type OrderSort } from "./orders.repo";
import { toOrderDto } from "./tms.mapper";
import { tmsPolicy } from "./tms.policy";
import {
  orderInputSchema,
  toMinutes,
  TRACKING_GRACE_HOURS,
  TRACKING_VALID_DAYS,
  type OrderInput,
  type OrderStatus,
} from "./tms.schema";

export { trackingPath } from "./tms.mapper";

export type { Order };
export type OrderFields = Partial<Record<keyof OrderInput, unknown>>;
const SORTS: OrderSort[] = ["order_id", "customer_code", "delivery_date_at", "weight", "status", "updated"];

/** Who finished an order: the driver app, the arrival at the customer's place, an integration, the planner. */
export type FinishedBy = "driver" | "arrival" | "api" | "planner";

/** An order as stored, from the parsed form. */
export function orderRecord(input: OrderInput): OrderRecord {
  return {
    order_id: input.order_id,
    client_order_id: input.client_order_id ?? null,
    customer_code: input.customer_code,
    customer_name: input.customer_name ?? null,
    address: input.address ?? null,
    latitude: input.latitude,
    longitude: input.longitude,
    region: input.region ?? null,
    business: input.business ?? null,
    packets: input.packets,
    weight: input.weight,
    sales_agent: input.sales_agent ?? null,
    delivery_date_at: input.delivery_date_at,
    window_start: input.window_start ? toMinutes(input.window_start) : null,
    window_end: input.window_end ? toMinutes(input.window_end) : null,
    notes: input.notes ?? null,
  };
}

/** A tracking link is valid until a while after the delivery day (or, once delivered, after the delivery). */
export function trackingExpiry(day: string, finishedAt: Date | null = null): Date {
  if (finishedAt) return new Date(finishedAt.getTime() + TRACKING_GRACE_HOURS * 3600_000);
  return new Date(Date.parse(`${day}T00:00:00Z`) + (TRACKING_VALID_DAYS + 1) * 86_400_000);
}

function mapUniqueViolation(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  if (e?.code === "23505" && e.constraint === "tms_orders_org_id_order_id_key") {
    throw new AppError("ORDER_ID_TAKEN", "An order with this order ID exists", { field: "order_id" });
  }
  throw err;
}

export type OrderFilter = { status?: OrderStatus; day?: string };

/** The rows of a page of orders (the plan form reads the windows in minutes and the plan each order is in). */
export async function listOrderRows(ctx: AppContext, p: Principal, q: ListQuery, filter: OrderFilter = {}) {
  tmsPolicy.read(p);
  const sort = pickSort<OrderSort>(q.sort, SORTS, "delivery_date_at");
  const { items, total } = await ordersRepo.list(ctx.db, p.orgId, q, sort, filter);
  return toPage(items, total, q);
}

export async function listOrders(ctx: AppContext, p: Principal, q: ListQuery, filter: OrderFilter = {}) {
  return mapPage(await listOrderRows(ctx, p, q, filter), toOrderDto);
}

/** The order as stored (the order page's form values, its version and tracking token; the service's own checks). */
export async function orderRow(ctx: AppContext, p: Principal, id: string): Promise<Order> {
  tmsPolicy.read(p);
  const order = await ordersRepo.findById(ctx.db, p.orgId, id);
  if (!order) throw notFound("order");
  return order;
}

export async function getOrder(ctx: AppContext, p: Principal, id: string) {
  return toOrderDto(await orderRow(ctx, p, id));
}

export async function orderByOrderId(ctx: AppContext, p: Principal, orderId: string): Promise<Order> {
  tmsPolicy.read(p);
  const order = await ordersRepo.findByOrderId(ctx.db, p.orgId, orderId);
  if (!order) throw notFound("order");
  return order;
}

/** Inserts parsed orders (form, import, integrations) in one transaction; each gets its tracking link. */
export async function insertOrders(db: DB, p: Principal, inputs: OrderInput[]): Promise<Order[]> {
  const rows: Order[] = [];
  for (const input of inputs) {
    const record = {
      ...orderRecord(input),
      tracking_token: newToken(24),
      tracking_expires_at: trackingExpiry(input.delivery_date_at),
    };
    const row = await ordersRepo.insert(db, p.orgId, record).catch(mapUniqueViolation);
    rows.push(row);
  }
  await audit.record(
    db,
    p,
    rows.length === 1
      ? { entity: "tms_order", id: rows[0].id, action: "create", after: rows[0] }
      : { entity: "tms_order", id: rows[0]?.id ?? p.orgId, action: "import", after: { count: rows.length } },
  );
  return rows;
}

/** The new order as stored (the test factories read its tracking token and stored values). */
export async function createOrderRow(ctx: AppContext, p: Principal, input: OrderInput | OrderFields): Promise<Order> {
  tmsPolicy.write(p);
  const parsed = orderInputSchema.parse(input);
  const [row] = await ctx.db.transaction().execute((trx) => insertOrders(trx, p, [parsed]));
  return row;
}

export async function createOrder(ctx: AppContext, p: Principal, input: OrderInput | OrderFields) {
  return toOrderDto(await createOrderRow(ctx, p, input));
}

export async function updateOrder(ctx: AppContext, p: Principal, id: string, input: OrderInput | OrderFields) {
  tmsPolicy.write(p);
  await orderRow(ctx, p, id);
  const parsed = orderInputSchema.parse(input);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await ordersRepo.lock(trx, p.orgId, id);
    if (!before) throw notFound("order");
    assertPending(before.status);
    const record: OrderRecord = { ...orderRecord(parsed) };
    // A new delivery day takes the order out of a plan made for another day.
    if (before.delivery_date_at !== parsed.delivery_date_at)
      Object.assign(record, {
        optimization_id: null,
        vehicle_id: null,
        sequence: null,
        tracking_expires_at: trackingExpiry(parsed.delivery_date_at),
      });
    const row = await ordersRepo.update(trx, p.orgId, id, record).catch(mapUniqueViolation);
    if (!row) throw notFound("order");
    await audit.record(trx, p, { entity: "tms_order", id, action: "update", before, after: row });
    return row;
  });
  return toOrderDto(row);
}

export async function deleteOrder(ctx: AppContext, p: Principal, id: string): Promise<void> {
  tmsPolicy.write(p);
  await orderRow(ctx, p, id);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await ordersRepo.lock(trx, p.orgId, id);
    if (!before) throw notFound("order");
    assertPending(before.status);
    await ordersRepo.delete(trx, p.orgId, id);
    await audit.record(trx, p, { entity: "tms_order", id, action: "delete", before });
  });
}

/**
 * The arrival hook's delivery: finishes the order if it is still STARTED. The hook decides from orders it read
 * up to a second earlier; one finished or cancelled by hand since then is left as it is.
 */
export async function finishOnArrival(db: DB, orgId: string, id: string): Promise<boolean> {
  const now = await ordersRepo.lock(db, orgId, id);
  if (now?.status !== "STARTED") return false;
  await finishOrderIn(db, orgId, id, "arrival", null);
  return true;
}

/**
 * STARTED → FINISHED. Called by the planner's button, the driver app and integrations (through the API) and by the
 * arrival hook (with `principal` null: no audit user, the hook runs for the device).
 */
export async function finishOrderIn(
  db: DB,
  orgId: string,
  id: string,
  by: FinishedBy,
  p: Principal | null,
): Promise<Order> {
  const before = await ordersRepo.lock(db, orgId, id);
  if (!before) throw notFound("order");
  assertTransition(before.status, "FINISHED");
  const finishedAt = new Date();
  const row = await ordersRepo.finish(db, orgId, id, {
    finished_at: finishedAt,
    finished_by: by,
    tracking_expires_at: trackingExpiry(before.delivery_date_at, finishedAt),
  });
  await emitEvent(db, orderStatusEvent(orgId, row, before.status, finishedAt));
  if (p)
    await audit.record(db, p, {
      entity: "tms_order",
      id,
      action: "finish",
      before: { status: before.status },
      after: { status: row.status, finished_by: by },
    });
  return row;
}

export async function finishOrder(ctx: AppContext, p: Principal, id: string, by: FinishedBy = "planner") {
  tmsPolicy.write(p);
  await orderRow(ctx, p, id);
  return toOrderDto(await ctx.db.transaction().execute((trx) => finishOrderIn(trx, p.orgId, id, by, p)));
}

/** PENDING → STARTED for the orders of a dispatched plan (each must be on a truck). */
export async function startOrdersIn(db: DB, orgId: string, ids: readonly string[]): Promise<number> {
  let started = 0;
  for (const id of ids) {
    const before = await ordersRepo.lock(db, orgId, id);
    if (!before) continue;
    assertTransition(before.status, "STARTED");
    if (!before.vehicle_id)
      throw new AppError("ORDER_TRANSITION_INVALID", "An order without a truck cannot start", {
        from: before.status,
        to: "STARTED",
      });
    const row = await ordersRepo.start(db, orgId, id);
    await emitEvent(db, orderStatusEvent(orgId, row, before.status, new Date()));
    started++;
  }
  return started;
}

/** The `order.status.changed` integration event (docs/integrations.md), written with the change. */
function orderStatusEvent(orgId: string, o: Order, from: string, at: Date) {
  return {
    type: "order.status.changed" as const,
    organizationId: orgId,
    occurredAt: at,
    data: {
      order_id: o.id,
      external_order_id: o.order_id,
      from,
      to: o.status,
      vehicle_id: o.vehicle_id,
      finished_by: o.finished_by,
    },
  };
}
