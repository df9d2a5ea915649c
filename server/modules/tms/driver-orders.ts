import type { AppContext } from "../../context";
import type { Principal } from "../access/principal";
import { orgToday } from "../organization";
import { ordersRepo } from "./orders.repo";

/**
 * The driver's transport-order stops of a day (the driver's app): orders dispatched to a vehicle the user drives,
 * in the route's sequence. A driver needs no TMS permission to see the stops they deliver (as with their own jobs).
 */
export async function myOrderStops(ctx: AppContext, p: Principal, day?: string) {
  const date = day ?? (await orgToday(ctx, p.orgId));
  return ordersRepo.driverStops(ctx.db, p.orgId, p.userId, date);
}
