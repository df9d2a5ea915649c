import type { AppContext } from "../../server/context";
import type { Principal } from "../../server/modules/access/principal";
import { createOrder } from "../../server/modules/tms/orders.service";
import { createDepot } from "../../server/modules/tms/settings.service";
import { createVehicle, type VehicleOptions } from "../support/factories";
import type { TestOrg } from "../support/context";

let counter = 0;
export const TIRANA = { latitude: 41.3275, longitude: 19.8187 };

/** A transport order of the principal's organisation; a unique order id unless given. */
export function tmsOrder(ctx: AppContext, p: Principal, over: Record<string, unknown> = {}) {
  counter++;
  return createOrder(ctx, p, {
    order_id: `ORD-${Date.now().toString(36)}-${counter}`,
    customer_code: `C${counter}`,
    customer_name: `Customer ${counter}`,
    latitude: String(TIRANA.latitude + ((counter % 17) - 8) * 0.004),
    longitude: String(TIRANA.longitude + ((counter % 13) - 6) * 0.004),
    packets: "2",
    weight: "10",
    delivery_date_at: "2026-12-01",
    ...over,
  });
}

export const tmsDepot = (ctx: AppContext, p: Principal, name = `Depot ${++counter}`) =>
  createDepot(ctx, p, { name, latitude: String(TIRANA.latitude), longitude: String(TIRANA.longitude) });

export const truck = (ctx: AppContext, org: TestOrg, opts: VehicleOptions = {}) =>
  createVehicle(ctx, { org, category: "Truck", ...opts });
