import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { AlertType } from "../../db/schema/alerts";
import type { AlertEvent } from "./alert-engine.types";
import type { OrgRules } from "./alert-rules";
import { emitEvents } from "../events";
import { placeGeometryRepo } from "../places";
import { localDay } from "../../shared/local-time";
import { alertStoreRepo, type NewDefaultAlert } from "./alert-store.repo";

type Conn = Kysely<Database>;

/** An alert written to the log, to be announced once its transaction has committed. */
export interface CommittedAlert {
  id: string;
  orgId: string;
  vehicleId: string;
  vehicleName: string;
  vehicleTeamId: string | null;
  /** null for an alert raised without a policy (route planning's default for late and missed jobs) */
  policyId: string | null;
  policyName: string;
  type: AlertType;
  occurredAt: string;
  placeName: string | null;
  details: Record<string, unknown>;
  inAppRecipients: readonly string[];
  emailPending: boolean;
  /** its `alert.created` event in the outbox, which announces it once committed */
  eventId: string;
}

type Pending = { org: OrgRules; vehicleId: string; events: AlertEvent[] };
const counterKey = (policyId: string, subject: string, day: string) => `${policyId}|${subject}|${day}`;

/**
 * Which events the daily limit (per vehicle) and the limit per driver allow, in event order: current
 * counts are read once, the granted increments written once. Vehicle counters are safe from races (the
 * vehicle's state row is locked); a driver driving two vehicles at the same instant could pass the limit by one.
 */
async function applyLimits(
  trx: Conn,
  batches: Pending[],
): Promise<Array<{ b: Pending; e: AlertEvent; driverId: string | null }>> {
  const wanted: Array<{ b: Pending; e: AlertEvent; driverId: string | null; keys: string[] }> = [];
  const keys = new Map<string, { policyId: string; subject: string; day: string; limit: number }>();
  for (const b of batches) {
    const vehicleDriver = b.org.vehicles.get(b.vehicleId)?.driverId ?? null;
    for (const e of b.events) {
      const driverId = e.driverId !== undefined ? e.driverId : vehicleDriver;
      const p = e.policy;
      const day = localDay(e.at, b.org.timezone);
      const own: string[] = [];
      const add = (subject: string, limit: number) => {
        const k = counterKey(p.id, subject, day);
        keys.set(k, { policyId: p.id, subject, day, limit });
        own.push(k);
      };
      if (p.driverLimit !== null && driverId) add(`d:${driverId}`, p.driverLimit);
      if (p.dailyLimit !== null) add(`v:${b.vehicleId}`, p.dailyLimit);
      wanted.push({ b, e, driverId, keys: own });
    }
  }
  if (!keys.size) return wanted;
  const list = [...keys.values()];
  const rows = await alertStoreRepo.counters(trx, list);
  const used = new Map(rows.map((r) => [counterKey(r.policy_id, r.subject, r.day), r.count]));
  const granted = new Map<string, number>();
  const allowed = wanted.filter((w) => {
    if (w.keys.some((k) => (used.get(k) ?? 0) + (granted.get(k) ?? 0) >= keys.get(k)!.limit)) return false;
    for (const k of w.keys) granted.set(k, (granted.get(k) ?? 0) + 1);
    return true;
  });
  if (granted.size) {
    const g = [...granted].map(([k, n]) => ({ ...keys.get(k)!, n }));
    await alertStoreRepo.addToCounters(trx, g);
  }
  return allowed;
}

/**
 * Writes the alerts the limits allow, with one unread notification per in-app recipient, in one
 * statement (plus two for the limits' counters when a policy has limits) whatever their number. A policy deleted meanwhile writes nothing.
 */
export async function storeAlerts(trx: Conn, batches: Pending[]): Promise<CommittedAlert[]> {
  const allowed = await applyLimits(
    trx,
    batches.filter((b) => b.events.length),
  );
  if (!allowed.length) return [];
  const rows = allowed.map(({ b, e, driverId }) => ({
    id: randomUUID(),
    orgId: b.org.orgId,
    vehicleId: b.vehicleId,
    driverId,
    e,
    vehicleName: b.org.vehicles.get(b.vehicleId)?.registration ?? b.vehicleId,
    vehicleTeamId: b.org.vehicles.get(b.vehicleId)?.teamId ?? null,
    emailPending: e.policy.notifyEmail && (e.policy.emails.length > 0 || e.policy.recipients.length > 0),
    inApp: e.policy.notifyInApp ? e.policy.recipients : [],
  }));
  // a geofence deleted meanwhile leaves the alert without it
  const placed = rows.flatMap((r) => (r.e.place ? [{ orgId: r.orgId, id: r.e.place.id }] : []));
  const places = placed.length ? await placeGeometryRepo.existing(trx, placed) : new Set<string>();
  const placeOf = (r: (typeof rows)[number]) => (r.e.place && places.has(r.e.place.id) ? r.e.place.id : null);
  const notes = rows.flatMap((r) => r.inApp.map((userId) => ({ alertId: r.id, userId })));
  const inserted = await alertStoreRepo.insertAlerts(
    trx,
    rows.map((r) => ({
      id: r.id,
      orgId: r.orgId,
      policyId: r.e.policy.id,
      vehicleId: r.vehicleId,
      driverId: r.driverId,
      placeId: placeOf(r),
      placeName: r.e.place?.name ?? null,
      at: new Date(r.e.at),
      lat: r.e.lat,
      lon: r.e.lon,
      speed: r.e.speed,
      details: r.e.details,
      emailStatus: r.emailPending ? "pending" : "none",
    })),
    notes,
  );
  const stored = new Set(inserted);
  const kept = rows.filter((r) => stored.has(r.id));
  const eventIds = await emitEvents(
    trx,
    kept.map((r) =>
      alertCreatedEvent({
        id: r.id,
        orgId: r.orgId,
        type: r.e.policy.type,
        policyId: r.e.policy.id,
        policyName: r.e.policy.name,
        vehicleId: r.vehicleId,
        vehicleName: r.vehicleName,
        driverId: r.driverId,
        at: new Date(r.e.at),
        placeName: r.e.place?.name ?? null,
        lat: r.e.lat,
        lon: r.e.lon,
        details: r.e.details,
      }),
    ),
  );
  return kept.map((r, i) => ({
    id: r.id,
    orgId: r.orgId,
    vehicleId: r.vehicleId,
    vehicleName: r.vehicleName,
    vehicleTeamId: r.vehicleTeamId,
    policyId: r.e.policy.id,
    policyName: r.e.policy.name,
    type: r.e.policy.type,
    occurredAt: new Date(r.e.at).toISOString(),
    placeName: r.e.place?.name ?? null,
    details: r.e.details,
    inAppRecipients: r.inApp,
    emailPending: r.emailPending,
    eventId: eventIds[i],
  }));
}

/** The `alert.created` integration event of a stored alert (docs/integrations.md). */
export function alertCreatedEvent(a: {
  id: string;
  orgId: string;
  type: string;
  policyId: string | null;
  policyName: string;
  vehicleId: string;
  vehicleName: string | null;
  driverId: string | null;
  at: Date;
  placeName: string | null;
  lat: number | null;
  lon: number | null;
  details: Record<string, unknown>;
}) {
  return {
    type: "alert.created" as const,
    organizationId: a.orgId,
    occurredAt: a.at,
    data: {
      alert_id: a.id,
      alert_type: a.type,
      policy_id: a.policyId,
      policy_name: a.policyName,
      vehicle_id: a.vehicleId,
      vehicle_registration: a.vehicleName,
      driver_id: a.driverId,
      place_name: a.placeName,
      lat: a.lat,
      lon: a.lon,
      details: a.details,
    },
  };
}

/**
 * An alert raised without a policy (route planning's default for late and missed jobs): the log row named after
 * what raised it, unread notices for `recipients` and its `alert.created` event, in the caller's transaction.
 * Announce it with `announceAlerts` once that commits.
 */
export async function raiseDefaultAlert(
  trx: Conn,
  org: OrgRules,
  a: NewDefaultAlert,
): Promise<{ id: string; eventId: string }> {
  const id = await alertStoreRepo.insertDefault(trx, a);
  const [eventId] = await emitEvents(trx, [
    alertCreatedEvent({
      id,
      orgId: a.orgId,
      type: a.type,
      policyId: null,
      policyName: a.name,
      vehicleId: a.vehicleId,
      vehicleName: org.vehicles.get(a.vehicleId)?.registration ?? null,
      driverId: a.driverId,
      at: a.at,
      placeName: null,
      lat: a.lat,
      lon: a.lon,
      details: a.details,
    }),
  ]);
  return { id, eventId };
}
