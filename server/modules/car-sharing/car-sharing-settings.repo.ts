import { sql } from "kysely";
import type { DB } from "../../db/database";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";
import type { EntryInput, GeneralSettingsInput, SpecificRuleInput } from "./car-sharing.schema";
import { userSql } from "../users";

/** Car-sharing settings, specific rules, pool vehicles, booking users and entries (SQL only, organisation explicit). */
export const carSharingSettingsRepo = {
  findSettings(db: DB, orgId: string) {
    return db.selectFrom("car_sharing_settings").selectAll().where("org_id", "=", orgId).executeTakeFirst();
  },
  async saveSettings(db: DB, orgId: string, s: GeneralSettingsInput) {
    const values = { ...s, allowed_hours: JSON.stringify(s.allowed_hours), updated_at: new Date() };
    return db
      .insertInto("car_sharing_settings")
      .values({ org_id: orgId, ...values })
      .onConflict((oc) => oc.column("org_id").doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** The user's own rule and their team's rule (either may be missing). */
  async rulesFor(db: DB, orgId: string, userId: string) {
    const rows = await db
      .selectFrom("car_sharing_rules")
      .selectAll()
      .where("org_id", "=", orgId)
      .where((eb) =>
        eb.or([
          eb("user_id", "=", userId),
          eb(
            "team_id",
            "=",
            eb.selectFrom("users").select("team_id").where("org_id", "=", orgId).where("id", "=", userId),
          ),
        ]),
      )
      .execute();
    return { user: rows.find((r) => r.user_id === userId) ?? null, team: rows.find((r) => r.team_id !== null) ?? null };
  },
  listRules(db: DB, orgId: string) {
    return db
      .selectFrom("car_sharing_rules as r")
      .leftJoin("users as u", (j) => j.onRef("u.id", "=", "r.user_id").onRef("u.org_id", "=", "r.org_id"))
      .leftJoin("teams as t", (j) => j.onRef("t.id", "=", "r.team_id").onRef("t.org_id", "=", "r.org_id"))
      .selectAll("r")
      .select([userSql.fullNameOrNull("u").as("user_name"), "t.name as team_name"])
      .where("r.org_id", "=", orgId)
      .orderBy("r.created_at")
      .execute();
  },
  findRule(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("car_sharing_rules")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  upsertRule(db: DB, orgId: string, r: SpecificRuleInput) {
    const values = {
      min_duration_min: r.min_duration_min,
      max_duration_min: r.max_duration_min,
      advance_days: r.advance_days,
      max_future_bookings: r.max_future_bookings,
      min_lead_min: r.min_lead_min,
      allowed_hours: r.allowed_hours ? JSON.stringify(r.allowed_hours) : null,
    };
    const target = r.user_id ? "user_id" : "team_id";
    return db
      .insertInto("car_sharing_rules")
      .values({ org_id: orgId, user_id: r.user_id ?? null, team_id: r.team_id ?? null, ...values })
      .onConflict((oc) => oc.columns(["org_id", target]).where(target, "is not", null).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  async deleteRule(db: DB, orgId: string, id: string) {
    const r = await db
      .deleteFrom("car_sharing_rules")
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  async poolVehicleIds(db: DB, orgId: string): Promise<Set<string>> {
    const rows = await db.selectFrom("car_sharing_vehicles").select("vehicle_id").where("org_id", "=", orgId).execute();
    return new Set(rows.map((r) => r.vehicle_id));
  },
  /** Each pool vehicle's base geofence (null: none). */
  async poolBases(db: DB, orgId: string): Promise<Map<string, string | null>> {
    const rows = await db
      .selectFrom("car_sharing_vehicles")
      .select(["vehicle_id", "base_place_id"])
      .where("org_id", "=", orgId)
      .execute();
    return new Map(rows.map((r) => [r.vehicle_id, r.base_place_id]));
  },
  async setBase(db: DB, orgId: string, vehicleId: string, placeId: string | null) {
    await db
      .updateTable("car_sharing_vehicles")
      .set({ base_place_id: placeId })
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .execute();
  },
  async isPoolVehicle(db: DB, orgId: string, vehicleId: string) {
    return !!(await db
      .selectFrom("car_sharing_vehicles")
      .select("vehicle_id")
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .executeTakeFirst());
  },
  async setPool(db: DB, orgId: string, vehicleIds: readonly string[]) {
    let del = db.deleteFrom("car_sharing_vehicles").where("org_id", "=", orgId);
    if (vehicleIds.length) del = del.where("vehicle_id", "not in", [...vehicleIds]);
    await del.execute();
    if (vehicleIds.length) {
      await db
        .insertInto("car_sharing_vehicles")
        .values(vehicleIds.map((vehicle_id) => ({ org_id: orgId, vehicle_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  },

  bookingUser(db: DB, orgId: string, userId: string) {
    return db
      .selectFrom("car_sharing_users")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
  },
  bookingUsers(db: DB, orgId: string) {
    return db
      .selectFrom("users as u")
      .leftJoin("car_sharing_users as c", (j) => j.onRef("c.user_id", "=", "u.id").onRef("c.org_id", "=", "u.org_id"))
      .select([
        "u.id",
        "u.first_name",
        "u.last_name",
        "u.email",
        "u.team_id",
        sql<boolean>`coalesce(c.may_book, true)`.as("may_book"),
        sql<string>`coalesce(c.notification_scope, 'own')`.as("notification_scope"),
      ])
      .where("u.org_id", "=", orgId)
      .where("u.active", "=", true)
      .where("u.email", "is not", null)
      .orderBy("u.last_name")
      .orderBy("u.first_name")
      .execute();
  },
  saveBookingUser(
    db: DB,
    orgId: string,
    v: { user_id: string; may_book: boolean; notification_scope: "none" | "own" | "all" },
  ) {
    return db
      .insertInto("car_sharing_users")
      .values({ org_id: orgId, ...v })
      .onConflict((oc) =>
        oc
          .columns(["org_id", "user_id"])
          .doUpdateSet({ may_book: v.may_book, notification_scope: v.notification_scope }),
      )
      .execute();
  },

  listEntries(db: DB, orgId: string, kind?: "purpose" | "destination") {
    let q = db.selectFrom("car_sharing_entries").selectAll().where("org_id", "=", orgId);
    if (kind) q = q.where("kind", "=", kind);
    return q.orderBy("kind").orderBy(sql`lower(label)`).execute();
  },
  findEntry(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("car_sharing_entries")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  insertEntry(db: DB, orgId: string, e: EntryInput) {
    return db
      .insertInto("car_sharing_entries")
      .values({ org_id: orgId, ...e })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
  },
  async deleteEntry(db: DB, orgId: string, id: string) {
    const r = await db
      .deleteFrom("car_sharing_entries")
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  /** The vehicles the principal may see (the pool settings list them all), by registration. */
  visibleVehicles(db: DB, p: Principal) {
    return scopeVehicles(
      db
        .selectFrom("vehicles")
        .select(["vehicles.id", "vehicles.registration", "vehicles.category", "vehicles.team_id"]),
      p,
    )
      .orderBy("vehicles.registration")
      .execute();
  },
  /** Whether the user or the team a specific rule names is the organisation's. */
  async ruleTargetExists(db: DB, orgId: string, target: { user_id?: string | null; team_id?: string | null }) {
    const row = target.user_id
      ? await db
          .selectFrom("users")
          .select("id")
          .where("org_id", "=", orgId)
          .where("id", "=", target.user_id)
          .executeTakeFirst()
      : await db
          .selectFrom("teams")
          .select("id")
          .where("org_id", "=", orgId)
          .where("id", "=", target.team_id!)
          .executeTakeFirst();
    return !!row;
  },
  teams(db: DB, orgId: string) {
    return db.selectFrom("teams").select(["id", "name"]).where("org_id", "=", orgId).orderBy("name").execute();
  },
};
