import type { ExpressionBuilder, SelectQueryBuilder } from "kysely";
import type { Database } from "../../db/schema";
import type { Principal } from "./principal";

/** Restricts a query over `vehicles` to what the principal may see. */
export function scopeVehicles<O>(
  qb: SelectQueryBuilder<Database, "vehicles", O>,
  p: Principal,
): SelectQueryBuilder<Database, "vehicles", O> {
  return qb.where((eb: ExpressionBuilder<Database, "vehicles">) => {
    const conds = [eb("vehicles.org_id", "=", p.orgId)];
    if (p.teamIds !== "all") {
      conds.push(p.teamIds.length ? eb("vehicles.team_id", "in", [...p.teamIds]) : eb.val(false));
    }
    if (p.vehicleIds !== null) {
      conds.push(p.vehicleIds.length ? eb("vehicles.id", "in", [...p.vehicleIds]) : eb.val(false));
    }
    return eb.and(conds);
  });
}
