import { sql } from "kysely";
import type { DB } from "../../db/database";
import { vehicleStateRepo } from "../positions";
import type { Insertable, Updateable } from "kysely";
import type { MaintenanceRemindersTable } from "../../db/schema/maintenance";

export interface VehicleReading {
  vehicle_id: string;
  /** the current odometer: telematics for a vehicle with a device, else the last one entered */
  odometer_km: number;
  /** the telematics odometer, null without a device */
  telematics_km: number | null;
  /** the current engine hours: telematics for a vehicle with a device, else the highest reading entered with a service or a refuel (null: none) */
  engine_hours: number | null;
  /** the telematics engine hours, null without a device */
  telematics_hours: number | null;
}

const none = (ids: readonly string[]) => ids.length === 0;

/** Reminders, odometer readings and reminder notices. */
export const remindersRepo = {
  async readings(db: DB, orgId: string, vehicleIds: readonly string[]): Promise<Map<string, VehicleReading>> {
    if (none(vehicleIds)) return new Map();
    const [{ rows }, meters] = await Promise.all([
      sql<{
        id: string;
        base: string;
        has_imei: boolean;
        entered: string | null;
        entered_hours: string | null;
      }>`
      SELECT v.id, v.odometer_km AS base, v.device_imei IS NOT NULL AS has_imei,
             greatest(
               (SELECT max(odometer_km) FROM maintenance_services m WHERE m.org_id = v.org_id AND m.vehicle_id = v.id),
               (SELECT max(odometer_km) FROM maintenance_fuel_reports f WHERE f.org_id = v.org_id AND f.vehicle_id = v.id)
             ) AS entered,
             greatest(
               (SELECT max(engine_hours) FROM maintenance_services m WHERE m.org_id = v.org_id AND m.vehicle_id = v.id),
               (SELECT max(engine_hours) FROM maintenance_fuel_reports f WHERE f.org_id = v.org_id AND f.vehicle_id = v.id)
             ) AS entered_hours
      FROM vehicles v
      WHERE v.org_id = ${orgId} AND v.id = ANY(${[...vehicleIds]}::uuid[])`.execute(db),
      vehicleStateRepo.meters(db, orgId, vehicleIds),
    ]);
    return new Map(
      rows.map((r) => {
        const m = meters.get(r.id);
        const hasDevice = r.has_imei || (m?.device_id ?? null) !== null;
        const base = Number(r.base);
        const telematics = hasDevice ? Math.round((base + (m?.odometer_m ?? 0) / 1000) * 10) / 10 : null;
        const entered = r.entered === null ? null : Number(r.entered);
        const odometer = telematics ?? Math.max(base, entered ?? 0);
        const telematicsHours = hasDevice ? Math.round(((m?.engine_hours_s ?? 0) / 3600) * 10) / 10 : null;
        const hours = telematicsHours ?? (r.entered_hours === null ? null : Number(r.entered_hours));
        return [
          r.id,
          {
            vehicle_id: r.id,
            odometer_km: odometer,
            telematics_km: telematics,
            engine_hours: hours,
            telematics_hours: telematicsHours,
          },
        ];
      }),
    );
  },
  list(db: DB, orgId: string, vehicleIds: readonly string[], filter: { kind?: string } = {}) {
    if (none(vehicleIds)) return Promise.resolve([]);
    let q = db
      .selectFrom("maintenance_reminders")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("vehicle_id", "in", [...vehicleIds]);
    if (filter.kind) q = q.where("kind", "=", filter.kind as "regular");
    return q.orderBy("name").orderBy("id").execute();
  },
  /** Every active, not completed reminder of every organisation (the daily check). */
  listOpen(db: DB, orgId?: string) {
    let q = db
      .selectFrom("maintenance_reminders")
      .selectAll()
      .where("active", "=", true)
      .where("completed_at", "is", null);
    if (orgId) q = q.where("org_id", "=", orgId);
    return q.orderBy("org_id").execute();
  },
  find(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("maintenance_reminders")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  /** Each vehicle's driver (vehicles.driver_id), by vehicle: who hears a reminder on the phone. */
  async drivers(db: DB, orgId: string): Promise<Map<string, string>> {
    const rows = await db
      .selectFrom("vehicles")
      .select(["id", "driver_id"])
      .where("org_id", "=", orgId)
      .where("driver_id", "is not", null)
      .execute();
    return new Map(rows.map((r) => [r.id, r.driver_id as string]));
  },
  insert(db: DB, rows: Insertable<MaintenanceRemindersTable>[]) {
    return db.insertInto("maintenance_reminders").values(rows).returningAll().execute();
  },
  update(db: DB, orgId: string, id: string, v: Updateable<MaintenanceRemindersTable>) {
    return db
      .updateTable("maintenance_reminders")
      .set({ ...v, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },
  async delete(db: DB, orgId: string, id: string) {
    const r = await db
      .deleteFrom("maintenance_reminders")
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  /** Active people with an e-mail and their language (reminder recipients). */
  async responsible(db: DB, orgId: string) {
    const rows = await db
      .selectFrom("users")
      .select(["id", "email", "default_language"])
      .where("org_id", "=", orgId)
      .where("active", "=", true)
      .execute();
    return new Map(rows.map((r) => [r.id, { email: r.email, language: r.default_language }]));
  },
  /** The organisation's vehicles: registration for the notices, team for who may see them. */
  async registrations(db: DB, orgId: string) {
    const rows = await db
      .selectFrom("vehicles")
      .select(["id", "registration", "team_id"])
      .where("org_id", "=", orgId)
      .execute();
    return new Map(rows.map((r) => [r.id, { registration: r.registration, teamId: r.team_id }]));
  },
  /** Claims a notice: true only the first time for this reminder, cycle and stage (across restarts and workers). */
  async claimNotice(
    db: DB,
    orgId: string,
    reminderId: string,
    cycle: number,
    stage: "due_soon" | "due" | "overdue",
    userId: string | null = null,
  ) {
    const row = await db
      .insertInto("maintenance_reminder_notices")
      .values({ org_id: orgId, reminder_id: reminderId, cycle, stage, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .returning("reminder_id")
      .executeTakeFirst();
    return Boolean(row);
  },
};
