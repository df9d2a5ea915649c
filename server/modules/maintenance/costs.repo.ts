import { sql } from "kysely";
import type { DB } from "../../db/database";

/** The cost profile's SQL: money spent per vehicle and kind, and the vehicles' purchase prices. */
export const costsRepo = {
  /** Money per vehicle over the period, by kind (service labour/cost, parts used, car wash, fuel). */
  async moneyByVehicle(db: DB, orgId: string, ids: string[], from: string, to: string) {
    const { rows } = await sql<{ vehicle_id: string; kind: string; amount: string }>`
      SELECT m.vehicle_id, m.kind, sum(m.cost) AS amount FROM maintenance_services m
       WHERE m.org_id = ${orgId} AND m.vehicle_id = ANY(${ids}::uuid[]) AND m.completed_on BETWEEN ${from} AND ${to} GROUP BY 1, 2
      UNION ALL
      SELECT m.vehicle_id, 'parts', sum(sp.quantity * sp.unit_price) FROM maintenance_services m
        JOIN maintenance_service_parts sp ON sp.org_id = m.org_id AND sp.service_id = m.id
       WHERE m.org_id = ${orgId} AND m.vehicle_id = ANY(${ids}::uuid[]) AND m.completed_on BETWEEN ${from} AND ${to} GROUP BY 1
      UNION ALL
      SELECT f.vehicle_id, 'fuel', sum(f.price) FROM maintenance_fuel_reports f
       WHERE f.org_id = ${orgId} AND f.vehicle_id = ANY(${ids}::uuid[]) AND f.filled_on BETWEEN ${from} AND ${to} GROUP BY 1`.execute(
      db,
    );
    return rows;
  },
  /** The vehicles' tank and consumption figures (fuel reports). */
  fuelFacts(db: DB, orgId: string, ids: readonly string[]) {
    return db
      .selectFrom("vehicles")
      .select(["id", "tank_volume", "fuel_consumption", "estimated_consumption"])
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .execute();
  },
  purchasePrices(db: DB, orgId: string, ids: readonly string[]) {
    return db
      .selectFrom("vehicles")
      .select(["id", "purchase_price"])
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .execute();
  },
};
