import { sql } from "kysely";
import type { DB } from "../../db/database";

/**
 * What other modules read of the positions module's tables: vehicles' latest state, odometers and short tracks,
 * always of one organisation (callers without a signed-in user, like the public tracking page, use it too).
 */
export const vehicleStateRepo = {
  /** Last known positions of vehicles that have one. */
  latestFixes(db: DB, orgId: string, vehicleIds: readonly string[]) {
    if (!vehicleIds.length) return Promise.resolve([]);
    return db
      .selectFrom("vehicle_state")
      .select(["vehicle_id", "lat", "lon", "speed_kmh", "ignition", "last_fix_time"])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "in", [...vehicleIds])
      .where("lat", "is not", null)
      .where("lon", "is not", null)
      .$narrowType<{ lat: number; lon: number }>()
      .execute();
  },

  /** One vehicle's current state (null: never heard). */
  current(db: DB, orgId: string, vehicleId: string) {
    return db
      .selectFrom("vehicle_state")
      .select(["lat", "lon", "last_fix_time", "speed_kmh", "ignition"])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .executeTakeFirst();
  },

  /** Telematics odometer (m), engine hours (s) and the device of each vehicle heard from. */
  async meters(db: DB, orgId: string, vehicleIds: readonly string[]) {
    if (!vehicleIds.length)
      return new Map<string, { odometer_m: number; engine_hours_s: number; device_id: string | null }>();
    const rows = await db
      .selectFrom("vehicle_state")
      .select(["vehicle_id", "odometer_m", "engine_hours_s", "device_id"])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "in", [...vehicleIds])
      .execute();
    return new Map(rows.map((r) => [r.vehicle_id, r]));
  },

  /** The vehicles of `candidates` whose ignition is off now. */
  async ignitionOff(db: DB, candidates: ReadonlyArray<{ orgId: string; vehicleId: string }>) {
    if (!candidates.length) return new Set<string>();
    const rows = await db
      .selectFrom("vehicle_state")
      .select("vehicle_id")
      .where("vehicle_id", "in", [...new Set(candidates.map((c) => c.vehicleId))])
      .where("org_id", "in", [...new Set(candidates.map((c) => c.orgId))])
      .where("ignition", "is", false)
      .execute();
    return new Set(rows.map((r) => r.vehicle_id));
  },

  /**
   * For the alert timers: vehicles silent since `silentBefore` or inside a geofence, locked for this transaction
   * (another worker skips them), with the alert engine's state kept beside the vehicle's.
   */
  async lockForTimers(trx: DB, orgId: string, vehicleIds: readonly string[], silentBefore: Date) {
    const { rows } = await sql<{
      vehicle_id: string;
      last_fix_time: Date | null;
      last_server_time: Date | null;
      lat: number | null;
      lon: number | null;
      alert_state: Record<string, unknown> | null;
    }>`
      SELECT vehicle_id, last_fix_time, last_server_time, lat, lon, alert_state FROM vehicle_state
      WHERE org_id = ${orgId} AND vehicle_id = ANY(${[...vehicleIds]}::uuid[])
        AND (coalesce(last_server_time, last_fix_time) < ${silentBefore.toISOString()}::timestamptz OR alert_state->'g'->'in' <> '{}'::jsonb)
      ORDER BY vehicle_id FOR UPDATE SKIP LOCKED`.execute(trx);
    return rows;
  },

  async saveAlertState(trx: DB, vehicleId: string, state: object) {
    await sql`UPDATE vehicle_state SET alert_state = ${JSON.stringify(state)}::jsonb WHERE vehicle_id = ${vehicleId}::uuid`.execute(
      trx,
    );
  },

  /** The vehicle's last position at or before `at`, within the hour before it. */
  positionAt(db: DB, orgId: string, vehicleId: string, at: Date) {
    return db
      .selectFrom("positions")
      .select(["lat", "lon", "fix_time"])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .where("fix_time", "<=", at)
      .where("fix_time", ">", new Date(at.getTime() - 3600_000))
      .orderBy("fix_time", "desc")
      .limit(1)
      .executeTakeFirst();
  },

  /** The positions `minutes` either side of `at` (at most 2,000). */
  trackAround(db: DB, orgId: string, vehicleId: string, at: Date, minutes: number) {
    return db
      .selectFrom("positions")
      .select(["lat", "lon", "fix_time"])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .where("fix_time", ">=", new Date(at.getTime() - minutes * 60_000))
      .where("fix_time", "<=", new Date(at.getTime() + minutes * 60_000))
      .orderBy("fix_time")
      .limit(2000)
      .execute();
  },

  /** Distance (from the odometer), points and first ignition of a vehicle during [from, to). */
  async usage(db: DB, orgId: string, vehicleId: string, from: Date, to: Date) {
    return db
      .selectFrom("positions")
      .select([
        sql<number | null>`max(odometer_m) - min(odometer_m)`.as("distance_m"),
        sql<number>`count(*)`.as("points"),
        sql<Date | null>`min(fix_time) filter (where ignition)`.as("first_ignition"),
      ])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .where("fix_time", ">=", from)
      .where("fix_time", "<", to)
      .executeTakeFirst();
  },

  /**
   * For each (vehicle, from): the last position with the ignition on in [from, to], in one statement; keyed by
   * `ignitionKey(vehicleId, from)`, null when the ignition was never on.
   */
  async lastIgnitionOn(
    db: DB,
    items: ReadonlyArray<{ orgId: string; vehicleId: string; from: Date }>,
    to: Date,
  ): Promise<Map<string, Date | null>> {
    if (!items.length) return new Map();
    const { rows } = await sql<{ vehicle_id: string; since: Date; at: Date | null }>`
      SELECT x.v AS vehicle_id, x.f AS since, last_on.at
        FROM unnest(${items.map((i) => i.orgId)}::uuid[], ${items.map((i) => i.vehicleId)}::uuid[],
                    ${items.map((i) => i.from.toISOString())}::timestamptz[]) AS x(o, v, f)
        CROSS JOIN LATERAL (
          SELECT max(p.fix_time) AS at FROM positions p
           WHERE p.org_id = x.o AND p.vehicle_id = x.v AND p.fix_time >= x.f AND p.fix_time <= ${to.toISOString()}::timestamptz
             AND p.ignition IS TRUE
        ) last_on`.execute(db);
    return new Map(rows.map((r) => [ignitionKey(r.vehicle_id, r.since), r.at]));
  },

  /** The first ignition-off position after `after` (up to `until`). */
  async firstOffAfter(db: DB, orgId: string, vehicleId: string, after: Date, until: Date) {
    const row = await db
      .selectFrom("positions")
      .select(sql<Date | null>`min(fix_time)`.as("at"))
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .where("fix_time", ">", after)
      .where("fix_time", "<=", until)
      .where("ignition", "is", false)
      .executeTakeFirst();
    return row?.at ?? null;
  },
};

/** The key of `vehicleStateRepo.lastIgnitionOn`'s answer. */
export const ignitionKey = (vehicleId: string, from: Date) => `${vehicleId}|${from.getTime()}`;
