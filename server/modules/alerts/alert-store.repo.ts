import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { AlertType } from "../../db/schema/alerts";

type Conn = Kysely<Database>;

export interface CounterKey {
  policyId: string;
  subject: string;
  /** local date, YYYY-MM-DD */
  day: string;
}

/** One alert row as the store writes it; the policy's name and type are read from the policy in the same statement. */
export interface NewPolicyAlert {
  id: string;
  orgId: string;
  policyId: string;
  vehicleId: string;
  driverId: string | null;
  placeId: string | null;
  placeName: string | null;
  at: Date;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  details: Record<string, unknown>;
  emailStatus: "pending" | "none";
}

/** An alert raised without a policy (route planning's default for late and missed jobs) and who is told in the app. */
export interface NewDefaultAlert {
  orgId: string;
  type: AlertType;
  name: string;
  vehicleId: string;
  driverId: string | null;
  at: Date;
  lat: number;
  lon: number;
  details: Record<string, unknown>;
  recipients: readonly string[];
}

/** The SQL of the alert store (alert-store.ts): the daily limits' counters and the alert rows with their notices. */
export const alertStoreRepo = {
  /** The current counts of the given counters (absent: none used yet). */
  async counters(trx: Conn, keys: readonly CounterKey[]) {
    const { rows } = await sql<{ policy_id: string; subject: string; day: string; count: number }>`
      SELECT c.policy_id, c.subject, to_char(c.day, 'YYYY-MM-DD') AS day, c.count FROM alert_counters c
      JOIN unnest(${keys.map((k) => k.policyId)}::uuid[], ${keys.map((k) => k.subject)}::text[], ${keys.map((k) => k.day)}::date[]) AS x(p, s, d)
        ON c.policy_id = x.p AND c.subject = x.s AND c.day = x.d`.execute(trx);
    return rows;
  },

  /** Adds `n` to each counter, creating it; a counter of a policy deleted meanwhile is not written. */
  async addToCounters(trx: Conn, grants: ReadonlyArray<CounterKey & { n: number }>) {
    await sql`
      INSERT INTO alert_counters (policy_id, subject, day, count)
      SELECT x.p, x.s, x.d, x.n FROM unnest(${grants.map((k) => k.policyId)}::uuid[], ${grants.map((k) => k.subject)}::text[], ${grants.map((k) => k.day)}::date[], ${grants.map((k) => k.n)}::int[]) AS x(p, s, d, n)
      WHERE EXISTS (SELECT 1 FROM alert_policies WHERE id = x.p)
      ON CONFLICT (policy_id, subject, day) DO UPDATE SET count = alert_counters.count + EXCLUDED.count`.execute(trx);
  },

  /**
   * Writes the alerts and one unread notice per (alert, user) in one statement whatever their number. An alert whose
   * policy was deleted meanwhile is not written; a driver or recipient deleted meanwhile is left out. Returns the ids
   * written.
   */
  async insertAlerts(
    trx: Conn,
    rows: readonly NewPolicyAlert[],
    notes: ReadonlyArray<{ alertId: string; userId: string }>,
  ): Promise<string[]> {
    const col = <T>(f: (r: NewPolicyAlert) => T) => rows.map(f);
    const { rows: inserted } = await sql<{ id: string }>`
      WITH a AS (
        INSERT INTO alerts (id, org_id, policy_id, policy_name, alert_type, vehicle_id, driver_id, place_id, place_name, occurred_at,
                            lat, lon, speed_kmh, details, email_status)
        SELECT x.id, p.org_id, p.id, p.name, p.alert_type, x.vehicle_id, u.id, x.place_id,
               x.place_name, x.occurred_at, x.lat, x.lon, x.speed, x.details, x.email_status
        FROM unnest(
          ${col((r) => r.id)}::uuid[], ${col((r) => r.orgId)}::uuid[], ${col((r) => r.policyId)}::uuid[], ${col((r) => r.vehicleId)}::uuid[],
          ${col((r) => r.driverId)}::uuid[], ${col((r) => r.placeId)}::uuid[], ${col((r) => r.placeName)}::text[],
          ${col((r) => r.at.toISOString())}::timestamptz[], ${col((r) => r.lat)}::float8[], ${col((r) => r.lon)}::float8[],
          ${col((r) => r.speed)}::real[], ${col((r) => JSON.stringify(r.details))}::jsonb[], ${col((r) => r.emailStatus)}::text[]
        ) AS x(id, org_id, policy_id, vehicle_id, driver_id, place_id, place_name, occurred_at, lat, lon, speed, details, email_status)
        JOIN alert_policies p ON p.id = x.policy_id AND p.org_id = x.org_id
        LEFT JOIN users u ON u.org_id = x.org_id AND u.id = x.driver_id
        RETURNING id, org_id
      ), n AS (
        INSERT INTO alert_notifications (org_id, alert_id, user_id)
        SELECT a.org_id, a.id, u.id FROM unnest(${notes.map((n) => n.alertId)}::uuid[], ${notes.map((n) => n.userId)}::uuid[]) AS x(a, u)
        JOIN a ON a.id = x.a JOIN users u ON u.org_id = a.org_id AND u.id = x.u
      )
      SELECT id FROM a`.execute(trx);
    return inserted.map((r) => r.id);
  },

  /** An alert without a policy, named after what raised it, with an unread notice for each recipient. */
  async insertDefault(trx: Conn, a: NewDefaultAlert): Promise<string> {
    const { id } = await trx
      .insertInto("alerts")
      .values({
        org_id: a.orgId,
        policy_id: null,
        policy_name: a.name,
        alert_type: a.type,
        vehicle_id: a.vehicleId,
        driver_id: a.driverId,
        occurred_at: a.at,
        lat: a.lat,
        lon: a.lon,
        details: JSON.stringify(a.details) as never,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (a.recipients.length) {
      await trx
        .insertInto("alert_notifications")
        .values(a.recipients.map((user_id) => ({ org_id: a.orgId, alert_id: id, user_id })))
        .execute();
    }
    return id;
  },
};
