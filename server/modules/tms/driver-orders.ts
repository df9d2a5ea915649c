import type { AppContext } from "../../context";
import type { Principal } from "../access/principal";
import { orgToday } from "../organization";

/**
 * The driver's transport-order stops of a day (the driver's app): orders dispatched to a vehicle the user drives,
 * in the route's sequence. A driver needs no TMS permission to see the stops they deliver (as with their own jobs).
 */
export async function myOrderStops(ctx: AppContext, p: Principal, day?: string) {
  const date = day ?? (await orgToday(ctx, p.orgId));
  return ctx.db
    .selectFrom("tms_orders as o")
    .innerJoin("vehicles as v", (j) => j.onRef("v.id", "=", "o.vehicle_id").onRef("v.org_id", "=", "o.org_id"))
    .select([
      "o.id",
      "o.order_id",
      "o.customer_name",
      "o.address",
      "o.latitude",
      "o.longitude",
      "o.packets",
      "o.notes",
      "o.window_start",
      "o.window_end",
      "o.status",
      "o.sequence",
      "o.eta",
      "v.registration",
    ])
    .where("o.org_id", "=", p.orgId)
    .where("v.driver_id", "=", p.userId)
    .where("o.delivery_date_at", "=", date)
    .orderBy("o.sequence", (ob) => ob.asc().nullsLast())
    .orderBy("o.order_id")
    .execute();
}
