import { sql, type Insertable, type Updateable } from "kysely";
import type { DB } from "../../db/database";
import type { MaintenancePartsTable, MaintenanceSuppliersTable } from "../../db/schema/maintenance";
import { likePattern } from "../shared/listing";

/** Suppliers, parts and stock movements. */
export const catalogueRepo = {
  suppliers(db: DB, orgId: string, q = "") {
    let query = db.selectFrom("maintenance_suppliers").selectAll().where("org_id", "=", orgId);
    if (q)
      query = query.where((eb) =>
        eb.or([eb("name", "ilike", likePattern(q)), eb("contact_person", "ilike", likePattern(q))]),
      );
    return query.orderBy("name").orderBy("id").execute();
  },
  supplier(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("maintenance_suppliers")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  insertSupplier(db: DB, v: Insertable<MaintenanceSuppliersTable>) {
    return db.insertInto("maintenance_suppliers").values(v).returningAll().executeTakeFirstOrThrow();
  },
  updateSupplier(db: DB, orgId: string, id: string, v: Updateable<MaintenanceSuppliersTable>) {
    return db
      .updateTable("maintenance_suppliers")
      .set({ ...v, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },
  async deleteSupplier(db: DB, orgId: string, id: string) {
    const r = await db
      .deleteFrom("maintenance_suppliers")
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  parts(db: DB, orgId: string, q = "") {
    let query = db
      .selectFrom("maintenance_parts as p")
      .leftJoin("maintenance_suppliers as s", (j) =>
        j.onRef("s.id", "=", "p.supplier_id").onRef("s.org_id", "=", "p.org_id"),
      )
      .selectAll("p")
      .select("s.name as supplier_name")
      .where("p.org_id", "=", orgId);
    if (q)
      query = query.where((eb) =>
        eb.or([eb("p.name", "ilike", likePattern(q)), eb("p.part_number", "ilike", likePattern(q))]),
      );
    return query.orderBy("p.name").orderBy("p.id").execute();
  },
  part(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("maintenance_parts")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  partsByIds(db: DB, orgId: string, ids: readonly string[]) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom("maintenance_parts")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .forUpdate()
      .execute();
  },
  insertPart(db: DB, v: Insertable<MaintenancePartsTable>) {
    return db.insertInto("maintenance_parts").values(v).returningAll().executeTakeFirstOrThrow();
  },
  updatePart(db: DB, orgId: string, id: string, v: Updateable<MaintenancePartsTable>) {
    return db
      .updateTable("maintenance_parts")
      .set({ ...v, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },
  async deletePart(db: DB, orgId: string, id: string) {
    const r = await db
      .deleteFrom("maintenance_parts")
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  /** Records a movement and moves the part's stock by it, in the caller's transaction. */
  async move(
    db: DB,
    orgId: string,
    m: {
      part_id: string;
      quantity: number;
      reason: "purchase" | "service" | "adjustment";
      service_id?: string | null;
      note?: string | null;
      user_id: string | null;
    },
  ) {
    await db
      .insertInto("maintenance_stock_movements")
      .values({ org_id: orgId, ...m })
      .execute();
    return db
      .updateTable("maintenance_parts")
      .set({ stock: sql`stock + ${m.quantity}`, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", m.part_id)
      .returningAll()
      .executeTakeFirst();
  },
  movements(db: DB, orgId: string, partId: string) {
    return db
      .selectFrom("maintenance_stock_movements")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("part_id", "=", partId)
      .orderBy("created_at", "desc")
      .limit(200)
      .execute();
  },
  async existingSupplier(db: DB, orgId: string, id: string | null | undefined) {
    if (!id) return true;
    return Boolean(
      await db
        .selectFrom("maintenance_suppliers")
        .select("id")
        .where("org_id", "=", orgId)
        .where("id", "=", id)
        .executeTakeFirst(),
    );
  },
};
