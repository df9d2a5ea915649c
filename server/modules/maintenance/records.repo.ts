import { sql, type Insertable } from "kysely";
import type { DB } from "../../db/database";
import type {
  MaintenanceAttachmentsTable,
  MaintenanceFuelReportsTable,
  MaintenanceServicesTable,
} from "../../db/schema/maintenance";

export interface RecordFilter {
  vehicleIds: readonly string[];
  from?: string;
  to?: string;
}

/** Services, car washes, the parts they used, attachments and fuel reports. */
export const recordsRepo = {
  services(db: DB, orgId: string, kind: "service" | "wash", f: RecordFilter) {
    if (!f.vehicleIds.length) return Promise.resolve([]);
    let q = db
      .selectFrom("maintenance_services as m")
      .leftJoin("maintenance_suppliers as s", (j) =>
        j.onRef("s.id", "=", "m.supplier_id").onRef("s.org_id", "=", "m.org_id"),
      )
      .selectAll("m")
      .select("s.name as supplier_name")
      .select((eb) =>
        eb
          .selectFrom("maintenance_service_parts as sp")
          .whereRef("sp.service_id", "=", "m.id")
          .select(sql<string>`coalesce(sum(sp.quantity * sp.unit_price), 0)`.as("x"))
          .as("parts_cost"),
      )
      .where("m.org_id", "=", orgId)
      .where("m.kind", "=", kind)
      .where("m.vehicle_id", "in", [...f.vehicleIds]);
    if (f.from) q = q.where("m.completed_on", ">=", f.from);
    if (f.to) q = q.where("m.completed_on", "<=", f.to);
    return q.orderBy("m.completed_on", "desc").orderBy("m.created_at", "desc").limit(1000).execute();
  },
  service(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("maintenance_services")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  serviceParts(db: DB, orgId: string, serviceId: string) {
    return db
      .selectFrom("maintenance_service_parts as sp")
      .innerJoin("maintenance_parts as p", (j) =>
        j.onRef("p.id", "=", "sp.part_id").onRef("p.org_id", "=", "sp.org_id"),
      )
      .select(["sp.part_id", "sp.quantity", "sp.unit_price", "p.name", "p.part_number"])
      .where("sp.org_id", "=", orgId)
      .where("sp.service_id", "=", serviceId)
      .execute();
  },
  insertService(db: DB, v: Insertable<MaintenanceServicesTable>) {
    return db.insertInto("maintenance_services").values(v).returningAll().executeTakeFirstOrThrow();
  },
  async lockService(db: DB, orgId: string, id: string) {
    return Boolean(
      await db
        .selectFrom("maintenance_services")
        .select("id")
        .where("org_id", "=", orgId)
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst(),
    );
  },
  updateService(db: DB, orgId: string, id: string, v: Partial<Insertable<MaintenanceServicesTable>>) {
    return db
      .updateTable("maintenance_services")
      .set({ ...v, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  deleteServiceParts(db: DB, orgId: string, serviceId: string) {
    return db
      .deleteFrom("maintenance_service_parts")
      .where("org_id", "=", orgId)
      .where("service_id", "=", serviceId)
      .execute();
  },
  insertServicePart(
    db: DB,
    v: { org_id: string; service_id: string; part_id: string; quantity: number; unit_price: number },
  ) {
    return db.insertInto("maintenance_service_parts").values(v).execute();
  },
  async deleteService(db: DB, orgId: string, id: string) {
    const r = await db
      .deleteFrom("maintenance_services")
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  insertAttachment(db: DB, v: Insertable<MaintenanceAttachmentsTable>) {
    return db
      .insertInto("maintenance_attachments")
      .values(v)
      .returning(["id", "file_name", "content_type", "byte_size"])
      .executeTakeFirstOrThrow();
  },
  attachmentsOf(db: DB, orgId: string, owner: { service_id?: string; fuel_report_id?: string }) {
    let q = db
      .selectFrom("maintenance_attachments")
      .select(["id", "file_name", "content_type", "byte_size", "service_id", "fuel_report_id"])
      .where("org_id", "=", orgId);
    q = owner.service_id
      ? q.where("service_id", "=", owner.service_id)
      : q.where("fuel_report_id", "=", owner.fuel_report_id ?? "");
    return q.orderBy("created_at").execute();
  },
  attachment(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("maintenance_attachments as a")
      .leftJoin("maintenance_services as m", (j) =>
        j.onRef("m.id", "=", "a.service_id").onRef("m.org_id", "=", "a.org_id"),
      )
      .leftJoin("maintenance_fuel_reports as f", (j) =>
        j.onRef("f.id", "=", "a.fuel_report_id").onRef("f.org_id", "=", "a.org_id"),
      )
      .selectAll("a")
      .select(sql<string>`coalesce(m.vehicle_id, f.vehicle_id)`.as("vehicle_id"))
      .where("a.org_id", "=", orgId)
      .where("a.id", "=", id)
      .executeTakeFirst();
  },
  fuel(db: DB, orgId: string, f: RecordFilter) {
    if (!f.vehicleIds.length) return Promise.resolve([]);
    let q = db
      .selectFrom("maintenance_fuel_reports as r")
      .leftJoin("maintenance_suppliers as s", (j) =>
        j.onRef("s.id", "=", "r.supplier_id").onRef("s.org_id", "=", "r.org_id"),
      )
      .selectAll("r")
      .select("s.name as supplier_name")
      .where("r.org_id", "=", orgId)
      .where("r.vehicle_id", "in", [...f.vehicleIds]);
    if (f.from) q = q.where("r.filled_on", ">=", f.from);
    if (f.to) q = q.where("r.filled_on", "<=", f.to);
    return q.orderBy("r.vehicle_id").orderBy("r.filled_on").orderBy("r.odometer_km").orderBy("r.created_at").execute();
  },
  fuelReport(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("maintenance_fuel_reports")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  /** The fill-up with the highest odometer of a vehicle dated before `date` (another report than `excludeId`). */
  highestFuelBefore(db: DB, orgId: string, vehicleId: string, date: string, excludeId?: string) {
    let q = db
      .selectFrom("maintenance_fuel_reports")
      .select(["id", "filled_on", "odometer_km"])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .where("filled_on", "<", date);
    if (excludeId) q = q.where("id", "<>", excludeId);
    return q.orderBy("odometer_km", "desc").limit(1).executeTakeFirst();
  },
  insertFuel(db: DB, rows: Insertable<MaintenanceFuelReportsTable>[]) {
    return db.insertInto("maintenance_fuel_reports").values(rows).returningAll().execute();
  },
  updateFuel(db: DB, orgId: string, id: string, v: Partial<Insertable<MaintenanceFuelReportsTable>>) {
    return db
      .updateTable("maintenance_fuel_reports")
      .set({ ...v, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },
  async deleteFuel(db: DB, orgId: string, id: string) {
    const r = await db
      .deleteFrom("maintenance_fuel_reports")
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  /** The parts fitted in services completed between two local dates, by date then part name, at most `limit` rows. */
  async partsUsed(
    db: DB,
    q: { orgId: string; vehicleIds: readonly string[]; from: string; to: string; limit: number },
  ) {
    const { rows } = await sql<{
      completed_on: string;
      vehicle_id: string;
      service_type: string;
      name: string;
      part_number: string | null;
      quantity: string;
      unit_price: string;
    }>`
      SELECT m.completed_on, m.vehicle_id, m.service_type, p.name, p.part_number, sp.quantity, sp.unit_price
        FROM maintenance_service_parts sp
        JOIN maintenance_services m ON m.org_id = sp.org_id AND m.id = sp.service_id
        JOIN maintenance_parts p ON p.org_id = sp.org_id AND p.id = sp.part_id
       WHERE sp.org_id = ${q.orgId} AND m.vehicle_id = ANY(${q.vehicleIds}::uuid[]) AND m.completed_on BETWEEN ${q.from} AND ${q.to}
       ORDER BY m.completed_on, p.name LIMIT ${q.limit}`.execute(db);
    return rows;
  },
};
