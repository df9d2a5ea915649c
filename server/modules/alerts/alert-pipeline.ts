import type { AppContext } from "../../context";
import type { PositionHook, PositionHookRun } from "../positions";
import { evaluateFix } from "./alert-engine";
import type { AlertEvent, AlertState } from "./alert-engine.types";
import { announceAlerts } from "./alert-notify";
import { rulesFor, type AlertRulesCache } from "./alert-rules";
import { storeAlerts, type CommittedAlert } from "./alert-store";

/**
 * The alert engine inside the position pipeline: rules are loaded before the transaction, each new fix
 * is evaluated against the vehicle's policies (state kept in vehicle_state.alert_state, written with the
 * positions), alerts are stored in the same transaction and announced after the commit. A failure in
 * the alert part is logged and never costs the positions (the pipeline runs `write` under a savepoint).
 */
export function createAlertHook(ctx: AppContext, cache: AlertRulesCache): PositionHook {
  return {
    name: "alerts",
    async begin(orgIds: string[]): Promise<PositionHookRun> {
      const rules = await cache.forOrgs(orgIds);
      const pending = new Map<string, { orgId: string; events: AlertEvent[] }>();
      let committed: CommittedAlert[] = [];
      return {
        onFix(device, s, before, fix) {
          const vehicleRules = rulesFor(rules.get(device.orgId), device.vehicleId);
          if (!vehicleRules) {
            // No policy any more: forget old episodes, so a policy switched on later starts armed.
            if ((s.alerts as AlertState).p) delete (s.alerts as AlertState).p;
            return;
          }
          const events = evaluateFix(vehicleRules, s.alerts as AlertState, before, fix, {
            lastFixTime: s.lastFixTime,
            faults: s.faults,
          });
          if (!events.length) return;
          let entry = pending.get(device.vehicleId);
          if (!entry) pending.set(device.vehicleId, (entry = { orgId: device.orgId, events: [] }));
          entry.events.push(...events);
        },
        hasWrites: () => pending.size > 0,
        async write(trx) {
          committed = await storeAlerts(
            trx,
            [...pending].map(([vehicleId, { orgId, events }]) => ({ org: rules.get(orgId)!, vehicleId, events })),
          );
        },
        afterCommit() {
          return committed.length ? announceAlerts(ctx, committed) : undefined;
        },
      };
    },
  };
}
