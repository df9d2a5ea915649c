import type { AppContext } from "../../context";
import type { DB } from "../../db/database";
import { announceAlerts } from "./alert-notify";
import { matchingEvents, raisePolicyAlerts, type RaisedOccurrence } from "./alert-raise";
import { AlertRulesCache } from "./alert-rules";
import { raiseDefaultAlert } from "./alert-store";

export type { RaisedOccurrence };

/** How another module's occurrence is raised (route planning's late, missed and expected-late jobs). */
export interface RaiseOptions {
  /** runs first in the alert's transaction; false (someone else raised it already): nothing is stored */
  claim: (db: AppContext["db"]) => Promise<boolean>;
  /** claim it only when one of the type's policies holds it (days, hours, vehicles); otherwise claimed regardless */
  onlyWhenHeld?: boolean;
  /** the organisation has no policy of the type: the default alert (named `name`) for these recipients instead;
   *  the occurrence then needs its lat and lon */
  fallback?: { name: string; recipients: string[] };
}

/** Raises occurrences for one organisation, its policies read once (when the raiser's `forOrg` was called). */
export type RaiseForOrg = (ctx: AppContext, o: RaisedOccurrence, opts: RaiseOptions) => Promise<number>;

export interface AlertRaiser {
  forOrg(orgId: string): Promise<RaiseForOrg>;
}

/**
 * What the alerts module gives a module that raises alerts of its own: the policies' path (alert-raise.ts:
 * recipients, e-mail, days and hours, limits) or, without a policy, the default alert, with the rules cache and the
 * matcher kept inside. Keep one raiser for as long as its cache should live (a job's `keep`).
 */
export function alertRaiser(db: DB): AlertRaiser {
  const rules = new AlertRulesCache(db, 0);
  return {
    async forOrg(orgId) {
      const org = (await rules.forOrgs([orgId])).get(orgId)!;
      return async (ctx, o, opts) => {
        if (opts.fallback) {
          const { name, recipients } = opts.fallback;
          const raised = await ctx.db.transaction().execute(async (trx) =>
            (await opts.claim(trx))
              ? raiseDefaultAlert(trx, org, {
                  orgId,
                  type: o.type,
                  name,
                  vehicleId: o.vehicleId,
                  driverId: o.driverId ?? null,
                  at: o.at,
                  // a default alert is raised at a place with coordinates (a route job's point)
                  lat: o.lat!,
                  lon: o.lon!,
                  details: o.details,
                  recipients,
                })
              : null,
          );
          if (!raised) return 0;
          await announceAlerts(ctx, [raised]);
          return 1;
        }
        if (opts.onlyWhenHeld && !matchingEvents(org, o).length) return 0;
        return raisePolicyAlerts(ctx, org, o, opts.claim);
      };
    },
  };
}
