import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { AlertType } from "../../db/schema-alerts";
import type { AlertEvent } from "./alert-engine";
import type { OrgRules } from "./alert-rules";
import { localDay } from "./local-time";

type Conn = Kysely<Database>;

/** An alert written to the log, to be announced once its transaction has committed. */
export interface CommittedAlert {
  id: string;
  orgId: string;
  vehicleId: string;
  vehicleName: string;
  policyId: string;
  policyName: string;
  type: AlertType;
  occurredAt: string;
  placeName: string | null;
  details: Record<string, unknown>;
  inAppRecipients: readonly string[];
  emailPending: boolean;
}

/** Counts one more alert for the subject and day unless the limit is reached; false when it is. */
async function countWithin(trx: Conn, policyId: string, subject: string, day: string, limit: number): Promise<boolean> {
  const { rows } = await sql<{ count: number }>`
    INSERT INTO alert_counters (policy_id, subject, day, count)
    SELECT ${policyId}::uuid, ${subject}, ${day}::date, 1 WHERE EXISTS (SELECT 1 FROM alert_policies WHERE id = ${policyId}::uuid)
    ON CONFLICT (policy_id, subject, day) DO UPDATE SET count = alert_counters.count + 1 WHERE alert_counters.count < ${limit}
    RETURNING count`.execute(trx);
  return rows.length > 0;
}

async function uncount(trx: Conn, policyId: string, subject: string, day: string): Promise<void> {
  await sql`UPDATE alert_counters SET count = count - 1 WHERE policy_id = ${policyId}::uuid AND subject = ${subject} AND day = ${day}::date`.execute(trx);
}

/**
 * Writes the vehicle's alerts that the daily limit (per vehicle) and the limit per driver allow, with
 * one unread notification per in-app recipient. A policy deleted meanwhile writes nothing.
 */
export async function storeAlerts(trx: Conn, org: OrgRules, vehicleId: string, events: AlertEvent[]): Promise<CommittedAlert[]> {
  const out: CommittedAlert[] = [];
  const vehicle = org.vehicles.get(vehicleId);
  const driverId = vehicle?.driverId ?? null;
  for (const e of events) {
    const p = e.policy;
    const day = localDay(e.at, org.timezone);
    const driverSubject = p.driverLimit !== null && driverId ? `d:${driverId}` : null;
    if (driverSubject && !(await countWithin(trx, p.id, driverSubject, day, p.driverLimit!))) continue;
    if (p.dailyLimit !== null && !(await countWithin(trx, p.id, `v:${vehicleId}`, day, p.dailyLimit))) {
      if (driverSubject) await uncount(trx, p.id, driverSubject, day);
      continue;
    }
    const emailPending = p.notifyEmail && (p.emails.length > 0 || p.recipients.length > 0);
    const inApp = p.notifyInApp ? p.recipients : [];
    const occurredAt = new Date(e.at).toISOString();
    const { rows } = await sql<{ id: string }>`
      WITH a AS (
        INSERT INTO alerts (org_id, policy_id, policy_name, alert_type, vehicle_id, driver_id, place_id, place_name, occurred_at,
                            lat, lon, speed_kmh, details, email_status)
        SELECT p.org_id, p.id, p.name, p.alert_type, ${vehicleId}::uuid,
               (SELECT id FROM users WHERE org_id = p.org_id AND id = ${driverId}::uuid),
               (SELECT id FROM places WHERE org_id = p.org_id AND id = ${e.place?.id ?? null}::uuid),
               ${e.place?.name ?? null}, ${occurredAt}::timestamptz, ${e.lat}, ${e.lon}, ${e.speed},
               ${JSON.stringify(e.details)}::jsonb, ${emailPending ? "pending" : "none"}
        FROM alert_policies p WHERE p.id = ${p.id}::uuid AND p.org_id = ${org.orgId}::uuid
        RETURNING id, org_id
      ), n AS (
        INSERT INTO alert_notifications (org_id, alert_id, user_id)
        SELECT a.org_id, a.id, u.id FROM a JOIN users u ON u.org_id = a.org_id AND u.id = ANY(${[...inApp]}::uuid[])
        RETURNING 1
      )
      SELECT id, (SELECT count(*) FROM n) AS notified FROM a`.execute(trx);
    if (!rows.length) continue;
    out.push({
      id: rows[0].id, orgId: org.orgId, vehicleId, vehicleName: vehicle?.registration ?? vehicleId, policyId: p.id, policyName: p.name,
      type: p.type, occurredAt, placeName: e.place?.name ?? null, details: e.details, inAppRecipients: inApp, emailPending,
    });
  }
  return out;
}
