import { sql } from "kysely";
import type { DB } from "../../db/database";

/** What the alert rules are compiled from: configuration versions, active policies, their links and the vehicles. */
export const rulesRepo = {
  activePolicies(db: DB, orgId: string) {
    return db.selectFrom("alert_policies").selectAll().where("org_id", "=", orgId).where("active", "=", true).execute();
  },

  /** Every policy's vehicles (v), teams (t), geofences (g) and in-app recipients (r), in one round trip. */
  async policyLinks(db: DB, orgId: string) {
    const { rows } = await sql<{ policy_id: string; kind: "v" | "t" | "g" | "r"; id: string }>`
      SELECT policy_id, 'v' AS kind, vehicle_id AS id FROM alert_policy_vehicles WHERE org_id = ${orgId}
      UNION ALL SELECT policy_id, 't', team_id FROM alert_policy_teams WHERE org_id = ${orgId}
      UNION ALL SELECT policy_id, 'g', place_id FROM alert_policy_geofences WHERE org_id = ${orgId}
      UNION ALL SELECT policy_id, 'r', user_id FROM alert_policy_recipients WHERE org_id = ${orgId}`.execute(db);
    return rows;
  },

  vehicles(db: DB, orgId: string) {
    return db
      .selectFrom("vehicles")
      .select(["id", "registration", "team_id", "driver_id"])
      .where("org_id", "=", orgId)
      .execute();
  },
};

/**
 * Each organisation's alert configuration version, bumped by a trigger on every change of its policies and
 * geofences (0005_alerts.sql); an organisation without a row is at "0".
 */
export async function configVersions(db: DB, orgIds: readonly string[]): Promise<Map<string, string>> {
  if (!orgIds.length) return new Map();
  const rows = await db
    .selectFrom("alert_config_versions")
    .select(["org_id", "version"])
    .where("org_id", "in", [...orgIds])
    .execute();
  return new Map(rows.map((r) => [r.org_id, String(r.version)]));
}
