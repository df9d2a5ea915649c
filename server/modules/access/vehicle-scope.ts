import type { ExpressionBuilder, SelectQueryBuilder } from "kysely";
import type { DB } from "../../db/database";
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

/** Which of `ids` (every vehicle when left out) the principal may see. */
export async function visibleVehicleIds(db: DB, p: Principal, ids?: readonly string[]): Promise<Set<string>> {
  if (ids && !ids.length) return new Set();
  let q = scopeVehicles(db.selectFrom("vehicles").select("vehicles.id"), p);
  if (ids) q = q.where("vehicles.id", "in", [...ids]);
  return new Set((await q.execute()).map((r) => r.id));
}
