import type { Transaction } from "kysely";
import type { AppContext } from "../../context";
import type { Database } from "../../db/schema";
import { haversineMetres } from "../../optimization";
import { OrgSnapshots } from "../../shared/org-snapshots";
import type { PositionHook } from "../positions";
import { ordersRepo } from "./orders.repo";
import { finishOnArrival } from "./orders.service";
import { DEFAULT_SETTINGS } from "./tms.settings";
import { tmsSettingsRepo } from "./tms-settings.repo";

/** A truck slower than this is stopped (km/h). */
const STOPPED_KMH = 3;

type StartedOrder = Awaited<ReturnType<typeof ordersRepo.startedInOrgs>>[number];

interface OrgOrders {
  radiusM: number;
  byVehicle: Map<string, StartedOrder[]>;
}

const NO_ORDERS: OrgOrders = { radiusM: DEFAULT_SETTINGS.arrival_radius_m, byVehicle: new Map() };

export interface TmsArrivalHookOptions {
  /** how long an organisation's started orders are reused between transactions (ms); 0 reads them for every one */
  cacheMs?: number;
}

/** The organisations' STARTED orders by truck, with their arrival radius (read only where some order is started). */
async function loadStartedOrders(db: AppContext["db"], orgIds: string[]): Promise<Map<string, OrgOrders>> {
  const orders = await ordersRepo.startedInOrgs(db, orgIds);
  const out = new Map<string, OrgOrders>();
  if (!orders.length) return out;
  const settings = await tmsSettingsRepo.arrivalRadii(db, [...new Set(orders.map((o) => o.org_id))]);
  const radius = new Map(settings.map((s) => [s.org_id, s.arrival_radius_m]));
  for (const o of orders) {
    let org = out.get(o.org_id);
    if (!org) {
      org = { radiusM: radius.get(o.org_id) ?? DEFAULT_SETTINGS.arrival_radius_m, byVehicle: new Map() };
      out.set(o.org_id, org);
    }
    const list = org.byVehicle.get(o.vehicle_id!) ?? [];
    list.push(o);
    org.byVehicle.set(o.vehicle_id!, list);
  }
  return out;
}

/**
 * Delivers an order automatically (STARTED → FINISHED, finished_by "arrival") when its truck stops within the
 * organisation's arrival radius of the customer's place. The organisations' STARTED orders are read once for a run
 * of packets and reused for `cacheMs` (an order started meanwhile counts from the next read; a run that delivers
 * drops its organisation's copy after the commit); `onFix` only compares in memory; `write` finishes the orders in
 * the position transaction, where the order's status guards against finishing it twice.
 */
export function createTmsArrivalHook(
  ctx: Pick<AppContext, "db" | "log">,
  opts: TmsArrivalHookOptions = {},
): PositionHook {
  const started = new OrgSnapshots((orgIds) => loadStartedOrders(ctx.db, orgIds), NO_ORDERS, opts.cacheMs ?? 1000);
  return {
    name: "tms-arrival",
    async begin(orgIds) {
      if (!orgIds.length) return {};
      const orgs = await started.get(orgIds);
      let any = false;
      for (const o of orgs.values()) if (o.byVehicle.size) any = true;
      if (!any) return {};
      const arrived = new Map<string, string>();
      return {
        onFix(device, _state, _before, fix) {
          if (!fix.valid || fix.speed > STOPPED_KMH) return;
          const org = orgs.get(device.orgId);
          for (const o of org?.byVehicle.get(device.vehicleId) ?? []) {
            if (arrived.has(o.id)) continue;
            if (haversineMetres({ lat: fix.lat, lon: fix.lon }, { lat: o.latitude, lon: o.longitude }) <= org!.radiusM)
              arrived.set(o.id, o.org_id);
          }
        },
        hasWrites: () => arrived.size > 0,
        afterCommit() {
          if (arrived.size) started.forget(new Set(arrived.values()));
        },
        async write(trx: Transaction<Database>) {
          for (const [id, orgId] of arrived) await finishOnArrival(trx, orgId, id);
        },
      };
    },
  };
}
