import type { Kysely } from "kysely";
import type { AppContext } from "../../context";
import type { Database } from "../../db/schema";
import type { AlertType } from "../../db/schema/alerts";
import { inWindow } from "./alert-engine";
import type { AlertEvent } from "./alert-engine.types";
import { announceAlerts } from "./alert-notify";
import { rulesFor, type OrgRules } from "./alert-rules";
import { storeAlerts } from "./alert-store";

/** One occurrence raised by another module (route planning's late and missed jobs), not by a position. */
export interface RaisedOccurrence {
  vehicleId: string;
  type: AlertType;
  at: Date;
  lat: number | null;
  lon: number | null;
  details: Record<string, unknown>;
  /** the driver it is about (limit per driver, the log's driver); absent: the vehicle's current driver */
  driverId?: string | null;
}

/** The active policies of the type covering the vehicle whose days and time range hold the instant. */
export function matchingEvents(org: OrgRules, o: RaisedOccurrence): AlertEvent[] {
  const policies = rulesFor(org, o.vehicleId)?.policies ?? [];
  const at = o.at.getTime();
  return policies
    .filter((p) => p.type === o.type && inWindow(p, at, org.timezone))
    .map((policy) => ({
      policy,
      at,
      lat: o.lat,
      lon: o.lon,
      speed: null,
      place: null,
      details: o.details,
      ...(o.driverId !== undefined ? { driverId: o.driverId } : {}),
    }));
}

/**
 * Raises an occurrence through the policies' normal path: the log row per matching policy, the daily limit
 * and the limit per driver, in-app notifications for the policy's recipients, then (after the commit) the live
 * notices and the e-mail jobs (recipients in their own language). `claim` runs first in the same transaction:
 * when it answers false (someone else raised it already) nothing is stored. Returns the alerts stored.
 */
export async function raisePolicyAlerts(
  ctx: AppContext,
  org: OrgRules,
  o: RaisedOccurrence,
  claim: (trx: Kysely<Database>) => Promise<boolean>,
): Promise<number> {
  const events = matchingEvents(org, o);
  const committed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await claim(trx))) return [];
    return events.length ? storeAlerts(trx, [{ org, vehicleId: o.vehicleId, events }]) : [];
  });
  if (committed.length) await announceAlerts(ctx, committed);
  return committed.length;
}
