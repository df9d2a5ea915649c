import type { DB } from "../../db/database";
import type { TmsTruck } from "../../db/schema/tms";
import { AppError } from "../../errors";
import { unfitOrders, type UnfitOrder } from "./plan-solver";
import { settingsOf } from "./tms.settings";

/** What the rule needs of an order. */
export interface FitOrder {
  id: string;
  order_id: string;
  client_order_id: string | null;
  weight: number | string;
  packets: number;
}

/** One order the plan's trucks cannot carry, as `details.orders` lists it: the order's id and references. */
export type UnfitOrderDetail = UnfitOrder & { client_order_id: string | null };

/**
 * The one rule for a plan's orders against its trucks, wherever a plan is made, changed or run (API, pages, the
 * worker's own check): ORDER_FITS_NO_TRUCK (409) when an order is heavier or bulkier than every truck of the plan,
 * or too heavy and bulky together for each. The message and `details.orders` name each order (id, order id, client
 * order id) and why (`dimension`: weight, packets or both); nothing is stored or queued.
 */
export async function assertOrdersFit(db: DB, orgId: string, orders: FitOrder[], trucks: TmsTruck[]): Promise<void> {
  const byOrderId = [...orders].sort((a, b) => (a.order_id < b.order_id ? -1 : a.order_id > b.order_id ? 1 : 0));
  const unfit = unfitOrders(byOrderId, trucks);
  if (!unfit.length) return;
  const settings = await settingsOf(db, orgId);
  const clientId = new Map(orders.map((o) => [o.id, o.client_order_id]));
  const why = (u: UnfitOrder) =>
    u.dimension === "both"
      ? `${u.weight} ${settings.weight_unit} and ${u.packets} ${settings.packet_unit} together`
      : u.dimension === "weight"
        ? `weight ${u.amount} ${settings.weight_unit}, largest truck ${u.largest}`
        : `packets ${u.amount} ${settings.packet_unit}, largest truck ${u.largest}`;
  const orderDetails: UnfitOrderDetail[] = unfit.map((u) => ({ ...u, client_order_id: clientId.get(u.id) ?? null }));
  throw new AppError(
    "ORDER_FITS_NO_TRUCK",
    `No truck can carry ${unfit.map((u) => `order ${u.order_id} (${why(u)})`).join(", ")}`,
    { field: "orders", orders: orderDetails },
  );
}
