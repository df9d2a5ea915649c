import { sql } from "kysely";
import type { DB } from "../../db/database";
import type { NewVehicle, VehicleUpdate } from "../../db/schema";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";
import { likePattern, type ListQuery } from "../shared/listing";
import { userSql } from "../users";

const SORTS = {
  registration: "v.registration",
  category: "v.category",
  name: "v.identifier_name",
  team: "team_name",
  year: "v.vehicle_year",
  fleet: "v.fleet_number",
} as const;
export type VehicleSort = keyof typeof SORTS;

export const vehiclesRepo = {
  async list(db: DB, p: Principal, q: ListQuery, sort: VehicleSort, filter: { category?: string; team?: string }) {
    let base = scopeVehicles(db.selectFrom("vehicles"), p)
      .leftJoin("teams", "teams.id", "vehicles.team_id")
      .leftJoin("users as d", "d.id", "vehicles.driver_id");
    if (q.q) {
      const pat = likePattern(q.q);
      base = base.where((eb) =>
        eb.or([
          eb("vehicles.registration", "ilike", pat),
          eb("vehicles.identifier_name", "ilike", pat),
          eb("vehicles.fleet_number", "ilike", pat),
          eb("vehicles.chassis_number", "ilike", pat),
          eb("vehicles.device_imei", "ilike", pat),
        ]),
      );
    }
    if (filter.category) base = base.where("vehicles.category", "=", filter.category as "Car");
    if (filter.team) base = base.where("vehicles.team_id", "=", filter.team);
    const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
    const items = await base
      .select([
        "vehicles.id",
        "vehicles.registration",
        "vehicles.category",
        "vehicles.identifier_name",
        "vehicles.fleet_number",
        "vehicles.vehicle_year",
        "vehicles.fuel",
        "vehicles.electric",
        "vehicles.device_imei",
        "vehicles.team_id",
        "teams.name as team_name",
        userSql.fullNameOrNull("d").as("driver_name"),
      ])
      .orderBy(
        sql`${sql.ref(SORTS[sort].replace("v.", "vehicles."))} ${sql.raw(q.dir === "desc" ? "desc" : "asc")} nulls last`,
      )
      .orderBy("vehicles.id")
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { items, total: Number(total) };
  },
  findById(db: DB, orgId: string, id: string) {
    return db.selectFrom("vehicles").selectAll().where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  },
  listVisible(db: DB, p: Principal) {
    return scopeVehicles(db.selectFrom("vehicles"), p)
      .select(["id", "registration", "identifier_name", "category", "team_id"])
      .orderBy("registration")
      .execute();
  },
  insert(db: DB, v: NewVehicle) {
    return db.insertInto("vehicles").values(v).returningAll().executeTakeFirstOrThrow();
  },
  update(db: DB, orgId: string, id: string, v: VehicleUpdate) {
    return db
      .updateTable("vehicles")
      .set({ ...v, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },
  /** Holds the vehicle's row for this transaction (its images are counted and added under it). */
  async lock(trx: DB, orgId: string, id: string) {
    await trx
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .forUpdate()
      .execute();
  },
  /** Vehicles (one, an organisation's, or all) with their organisation, in a stable order. */
  idsWithOrg(db: DB, only: { vehicleId?: string; orgId?: string }) {
    let q = db.selectFrom("vehicles").select(["id", "org_id"]);
    if (only.vehicleId) q = q.where("id", "=", only.vehicleId);
    if (only.orgId) q = q.where("org_id", "=", only.orgId);
    return q.orderBy("org_id").orderBy("id").execute();
  },
  delete(db: DB, orgId: string, id: string) {
    return db.deleteFrom("vehicles").where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  },
  registrationExists(db: DB, orgId: string, registration: string, exceptId?: string) {
    let q = db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", orgId)
      .where(sql<string>`upper(registration)`, "=", registration.toUpperCase());
    if (exceptId) q = q.where("id", "!=", exceptId);
    return q.executeTakeFirst().then(Boolean);
  },
  deviceTaken(db: DB, imei: string, exceptId?: string) {
    let q = db.selectFrom("vehicles").select("id").where("device_imei", "=", imei);
    if (exceptId) q = q.where("id", "!=", exceptId);
    return q.executeTakeFirst().then(Boolean);
  },
  listImages(db: DB, orgId: string, vehicleId: string) {
    return db
      .selectFrom("vehicle_images")
      .select(["id", "content_type", "byte_size", "created_at"])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .orderBy("created_at")
      .execute();
  },
  countImages(db: DB, orgId: string, vehicleId: string) {
    return db
      .selectFrom("vehicle_images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  },
  insertImage(
    db: DB,
    v: { org_id: string; vehicle_id: string; content_type: string; byte_size: number; data: Buffer },
  ) {
    return db.insertInto("vehicle_images").values(v).returning(["id"]).executeTakeFirstOrThrow();
  },
  findImage(db: DB, orgId: string, vehicleId: string, imageId: string) {
    return db
      .selectFrom("vehicle_images")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .where("id", "=", imageId)
      .executeTakeFirst();
  },
  deleteImage(db: DB, orgId: string, vehicleId: string, imageId: string) {
    return db
      .deleteFrom("vehicle_images")
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .where("id", "=", imageId)
      .executeTakeFirst();
  },

  /** Each vehicle's current driver (analytics attributes segments to it). */
  async driversOf(db: DB, vehicleIds: string[]): Promise<Map<string, string | null>> {
    if (!vehicleIds.length) return new Map();
    const rows = await db.selectFrom("vehicles").select(["id", "driver_id"]).where("id", "in", vehicleIds).execute();
    return new Map(rows.map((r) => [r.id, r.driver_id]));
  },
};
