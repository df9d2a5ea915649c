import type { Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { Database } from "../../db/schema";
import { haversineMetres } from "../../optimization";
import type { PositionHook } from "../positions";
import { ordersRepo } from "./orders.repo";
import { finishOrderIn } from "./orders.service";
import { DEFAULT_SETTINGS } from "./tms.settings";
import { tmsSettingsRepo } from "./tms-settings.repo";

/** A truck slower than this is stopped (km/h). */
const STOPPED_KMH = 3;

/**
 * Delivers an order automatically (STARTED → FINISHED, finished_by "arrival") when its truck stops within the
 * organisation's arrival radius of the customer's place. `begin` loads the organisations' STARTED orders once per
 * batch; `onFix` only compares in memory; `write` finishes the orders in the position transaction.
 */
export function createTmsArrivalHook(ctx: Pick<AppContext, "db" | "log">): PositionHook {
  return {
    name: "tms-arrival",
    async begin(orgIds) {
      if (!orgIds.length) return {};
      // the radii only when some truck is on its way: most groups have no started order, and skip that query
      const orders = await ordersRepo.startedInOrgs(ctx.db, orgIds);
      if (!orders.length) return {};
      const settings = await tmsSettingsRepo.arrivalRadii(ctx.db, [...new Set(orders.map((o) => o.org_id))]);
      const radius = new Map(settings.map((s) => [s.org_id, s.arrival_radius_m]));
      const byVehicle = new Map<string, typeof orders>();
      for (const o of orders) byVehicle.set(o.vehicle_id!, [...(byVehicle.get(o.vehicle_id!) ?? []), o]);
      const arrived = new Map<string, string>();
      return {
        onFix(device, _state, _before, fix) {
          if (!fix.valid || fix.speed > STOPPED_KMH) return;
          for (const o of byVehicle.get(device.vehicleId) ?? []) {
            if (o.org_id !== device.orgId || arrived.has(o.id)) continue;
            if (
              haversineMetres({ lat: fix.lat, lon: fix.lon }, { lat: o.latitude, lon: o.longitude }) <=
              (radius.get(o.org_id) ?? DEFAULT_SETTINGS.arrival_radius_m)
            )
              arrived.set(o.id, o.org_id);
          }
        },
        hasWrites: () => arrived.size > 0,
        async write(trx: Transaction<Database>) {
          for (const [id, orgId] of arrived) await finishOrderIn(trx, orgId, id, "arrival", null);
        },
      };
    },
  };
}
