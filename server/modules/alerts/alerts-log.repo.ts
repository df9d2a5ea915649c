import { sql } from "kysely";
import type { DB } from "../../db/database";
import type { AlertType } from "../../db/schema/alerts";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";
import type { ListQuery } from "../shared/listing";
import { userSql } from "../users";

export interface LogQuery {
  /** instants bounding the period (the service turns local dates into these) */
  from?: Date;
  to?: Date;
  vehicleId?: string;
  type?: AlertType;
  policyId?: string;
  unreadOnly?: boolean;
}

/** Vehicles the principal may see, as a subquery on ids. */
const visibleVehicleIds = (db: DB, p: Principal) => scopeVehicles(db.selectFrom("vehicles").select("vehicles.id"), p);

function filtered(db: DB, p: Principal, f: LogQuery) {
  let q = db
    .selectFrom("alerts as a")
    .innerJoin("vehicles as v", (j) => j.onRef("v.id", "=", "a.vehicle_id").onRef("v.org_id", "=", "a.org_id"))
    .leftJoin("alert_notifications as n", (j) => j.onRef("n.alert_id", "=", "a.id").on("n.user_id", "=", p.userId))
    .where("a.org_id", "=", p.orgId)
    .where("a.vehicle_id", "in", visibleVehicleIds(db, p));
  if (f.from) q = q.where("a.occurred_at", ">=", f.from);
  if (f.to) q = q.where("a.occurred_at", "<", f.to);
  if (f.vehicleId) q = q.where("a.vehicle_id", "=", f.vehicleId);
  if (f.type) q = q.where("a.alert_type", "=", f.type);
  if (f.policyId) q = q.where("a.policy_id", "=", f.policyId);
  if (f.unreadOnly) q = q.where("n.user_id", "is not", null).where("n.read_at", "is", null);
  return q;
}

export const alertLogRepo = {
  /** One alert's log line by id (no scope: the caller already holds something that points at it). */
  byId(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("alerts")
      .select(["id", "alert_type", "policy_name", "occurred_at", "details"])
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  /** The vehicle's device alarm (green driving) alert nearest `at`, within `windowS` seconds either side. */
  nearestDeviceAlarm(db: DB, orgId: string, vehicleId: string, at: Date, windowS: number) {
    return db
      .selectFrom("alerts")
      .select(["id", "occurred_at"])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .where("alert_type", "=", "device_alarm")
      .where("occurred_at", ">=", new Date(at.getTime() - windowS * 1000))
      .where("occurred_at", "<=", new Date(at.getTime() + windowS * 1000))
      .orderBy(sql`abs(extract(epoch from occurred_at - ${at}::timestamptz))`)
      .limit(1)
      .executeTakeFirst();
  },
  async list(db: DB, p: Principal, f: LogQuery, page: Pick<ListQuery, "page" | "size">) {
    const base = filtered(db, p, f);
    const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
    const items = await base
      .leftJoin("users as d", (j) => j.onRef("d.id", "=", "a.driver_id").onRef("d.org_id", "=", "a.org_id"))
      .select([
        "a.id",
        "a.policy_id",
        "a.policy_name",
        "a.alert_type",
        "a.vehicle_id",
        "a.driver_id",
        "a.place_id",
        "a.place_name",
        "a.occurred_at",
        "a.lat",
        "a.lon",
        "a.speed_kmh",
        "a.details",
        "a.email_status",
        "v.registration",
        "v.identifier_name",
        userSql.fullNameOrNull("d").as("driver_name"),
        sql<boolean | null>`CASE WHEN n.user_id IS NULL THEN NULL ELSE n.read_at IS NOT NULL END`.as("read"),
      ])
      .orderBy("a.occurred_at", "desc")
      .orderBy("a.id", "desc")
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute();
    return { items, total: Number(total) };
  },

  /** Counts by type, by vehicle (most first) and by local day and type, for the overview charts. */
  async overview(db: DB, p: Principal, f: LogQuery, timezone: string) {
    const base = filtered(db, p, f);
    const [byType, byVehicle, byDay] = await Promise.all([
      base
        .select(["a.alert_type", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy("a.alert_type")
        .orderBy("count", "desc")
        .execute(),
      base
        .select(["a.vehicle_id", "v.registration", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy(["a.vehicle_id", "v.registration"])
        .orderBy("count", "desc")
        .orderBy("v.registration")
        .limit(15)
        .execute(),
      base
        .select([
          sql<string>`to_char(a.occurred_at AT TIME ZONE ${timezone}, 'YYYY-MM-DD')`.as("day"),
          "a.alert_type",
          (eb) => eb.fn.countAll<number>().as("count"),
        ])
        .groupBy([sql`1`, "a.alert_type"])
        .orderBy(sql`1`)
        .execute(),
    ]);
    const num = <T extends { count: number | string }>(rows: T[]) =>
      rows.map((r) => ({ ...r, count: Number(r.count) }));
    return { byType: num(byType), byVehicle: num(byVehicle), byDay: num(byDay) };
  },

  findOne(db: DB, p: Principal, id: string) {
    return filtered(db, p, {})
      .where("a.id", "=", id)
      .leftJoin("users as d", (j) => j.onRef("d.id", "=", "a.driver_id").onRef("d.org_id", "=", "a.org_id"))
      .selectAll("a")
      .select(["v.registration", userSql.fullNameOrNull("d").as("driver_name")])
      .executeTakeFirst();
  },

  async unreadCount(db: DB, p: Principal): Promise<number> {
    const r = await filtered(db, p, { unreadOnly: true })
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** Marks the user's notifications read: the given alerts, or all of them. */
  async markRead(db: DB, p: Principal, ids: string[] | "all"): Promise<number> {
    let q = db
      .updateTable("alert_notifications")
      .set({ read_at: sql`now()` })
      .where("org_id", "=", p.orgId)
      .where("user_id", "=", p.userId)
      .where("read_at", "is", null);
    if (ids !== "all") {
      if (!ids.length) return 0;
      q = q.where("alert_id", "in", ids);
    }
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /** Alerts per vehicle and local day in [start, end) (the dashboard's alert tiles). */
  async countsByVehicleDay(db: DB, orgId: string, vehicleIds: string[], start: Date, end: Date, timezone: string) {
    if (!vehicleIds.length) return [];
    const rows = await sql<{ vehicle_id: string; day: string; n: number }>`
      SELECT vehicle_id, to_char(occurred_at AT TIME ZONE ${timezone}, 'YYYY-MM-DD') AS day, count(*)::int AS n
      FROM alerts WHERE org_id = ${orgId} AND vehicle_id = ANY(${vehicleIds}::uuid[]) AND occurred_at >= ${start} AND occurred_at < ${end}
      GROUP BY 1, 2`.execute(db);
    return rows.rows;
  },
};

/** One alert of the log as the repository reads it (the mapper turns it into the API's shape). */
export type AlertLogItem = Awaited<ReturnType<(typeof alertLogRepo)["list"]>>["items"][number];
