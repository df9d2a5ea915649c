import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import type { Principal } from "../access/principal";
import { mapPage } from "../shared/mapping";
import { finishOrder, insertOrders, listOrders, orderByOrderId, type OrderFilter } from "./orders.service";
import { toIntegrationOrderDto, toOrderDto } from "./tms.mapper";
import { MAX_IMPORT_ROWS, orderInputSchema } from "./tms.schema";

// What an organisation's own system does through /api/integrations, as its API key's principal.

/** Orders pushed in one call: all parsed first, then inserted in one transaction. */
export async function pushOrders(ctx: AppContext, p: Principal, records: Record<string, unknown>[]) {
  if (records.length > MAX_IMPORT_ROWS)
    throw new AppError("IMPORT_TOO_LARGE", `At most ${MAX_IMPORT_ROWS} orders per call`);
  const parsed = records.map((o) => orderInputSchema.parse(o));
  const rows = await ctx.db.transaction().execute((trx) => insertOrders(trx, p, parsed));
  return { orders: rows.map((o) => toIntegrationOrderDto(toOrderDto(o))) };
}

/** Pages of 200 orders by order id. */
export async function listIntegrationOrders(ctx: AppContext, p: Principal, page: number, filter: OrderFilter) {
  const q = { q: "", page, size: 200, dir: "asc" as const, sort: "order_id" };
  return mapPage(await listOrders(ctx, p, q, filter), toIntegrationOrderDto);
}

export async function getIntegrationOrder(ctx: AppContext, p: Principal, orderId: string) {
  return toIntegrationOrderDto(toOrderDto(await orderByOrderId(ctx, p, orderId)));
}

export async function finishIntegrationOrder(ctx: AppContext, p: Principal, orderId: string) {
  const order = await orderByOrderId(ctx, p, orderId);
  return toIntegrationOrderDto(await finishOrder(ctx, p, order.id, "api"));
}
