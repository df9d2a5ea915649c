import { z } from "zod";
import { ALERT_TYPES, type AlertType } from "../../db/schema/alerts";
import { ALARM_TYPES, DEVICE_FAULTS } from "../../shared/device-contract";
import { dateParam, optionalTime } from "../../shared/date-schemas";
import { checkbox, flag, optionalInt, requiredInt, requiredText } from "../shared/form-values";

export { ALERT_TYPES, type AlertType };
export { ALARM_TYPES };

/** Faults an alert can report: "no positions" has no moment at which it starts, so it stays a map state only. */
export const ALERT_FAULTS = DEVICE_FAULTS.filter((f) => f !== "noPositions") as Array<
  Exclude<(typeof DEVICE_FAULTS)[number], "noPositions">
>;

/** Which threshold each type needs (drives both validation and the form). */
export const TYPE_NEEDS = {
  speeding: { speed: true },
  geofence_enter: { geofences: true },
  geofence_exit: { geofences: true },
  geofence_dwell: { geofences: true, duration: true },
  ignition_on: {},
  ignition_off: {},
  idling: { duration: true },
  movement_outside_hours: { timeRange: true },
  device_fault: { faults: true },
  device_alarm: { alarms: true },
  unseen: { duration: true },
  // the lateness margin is route planning's setting (one rule for the map, the reports and the alerts)
  job_eta_late: {},
  job_late: {},
  job_missed: {},
} satisfies Record<
  AlertType,
  { speed?: true; geofences?: true; duration?: true; timeRange?: true; faults?: true; alarms?: true }
>;

type Needs = { speed?: true; geofences?: true; duration?: true; timeRange?: true; faults?: true; alarms?: true };
export const needs = (t: AlertType): Needs => TYPE_NEEDS[t] as Needs;

export const MAX_EMAILS = 20;
export const MAX_LIMIT = 1000;

const list = <T extends z.ZodTypeAny>(item: T) =>
  z
    .preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item))
    .default([]);

/** HH:mm, 24-hour (stored "HH:mm:ss" is read too); "" becomes null. */
const time = optionalTime();

const emails = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return [];
    // a list or text of addresses; anything else (a number, an object) is refused, not read as none
    const parts = Array.isArray(v) ? v.map(String) : typeof v === "string" ? v.split(/[\s,;]+/) : null;
    return parts ? [...new Set(parts.map((s) => s.trim().toLowerCase()).filter(Boolean))] : v;
  },
  z
    .array(z.string().email("alerts:errors.email"), { error: "alerts:errors.email" })
    .max(MAX_EMAILS, "alerts:errors.tooManyEmails"),
);

/** The input fields of each threshold: the ones the chosen type does not use are dropped before validation. */
const THRESHOLD_FIELDS: Record<keyof Needs & ("speed" | "geofences" | "duration" | "faults" | "alarms"), string[]> = {
  speed: ["speed_limit_kmh"],
  geofences: ["all_geofences", "geofence_ids"],
  duration: ["duration_min"],
  faults: ["fault_kinds"],
  alarms: ["alarm_kinds"],
};

/**
 * A form without JavaScript posts every threshold fieldset; what the chosen type does not use is ignored,
 * so a stale or invalid value there never blocks the save (and is never stored).
 */
export function withoutUnusedThresholds(v: unknown): unknown {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const type = (v as Record<string, unknown>).alert_type;
  if (typeof type !== "string" || !(ALERT_TYPES as readonly string[]).includes(type)) return v;
  const n = needs(type as AlertType);
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const [need, fields] of Object.entries(THRESHOLD_FIELDS)) {
    if (!n[need as keyof Needs]) for (const f of fields) delete out[f];
  }
  return out;
}

/** Alert policy (spec section 3): name, vehicles, alert type, thresholds, recipients, time range, daily limit, limit per driver. */
export const policyInputSchema = z.preprocess(
  withoutUnusedThresholds,
  z
    .object({
      name: requiredText(120),
      alert_type: z.enum(ALERT_TYPES, { error: "errors.required" }),
      active: flag(true),
      all_vehicles: checkbox(),
      vehicle_ids: list(z.string().uuid()),
      team_ids: list(z.string().uuid()),
      all_geofences: checkbox(),
      geofence_ids: list(z.string().uuid()),
      speed_limit_kmh: optionalInt(1, 400),
      duration_min: optionalInt(1, 10080),
      alarm_kinds: list(z.enum(ALARM_TYPES)),
      fault_kinds: list(z.enum(ALERT_FAULTS as [string, ...string[]])),
      time_from: time,
      time_to: time,
      days: list(requiredInt(0, 6)),
      daily_limit: optionalInt(1, MAX_LIMIT),
      driver_limit: optionalInt(1, MAX_LIMIT),
      notify_in_app: checkbox(),
      notify_email: checkbox(),
      recipient_ids: list(z.string().uuid()),
      emails,
    })
    .superRefine((v, ctx) => {
      const n = needs(v.alert_type);
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (!v.all_vehicles && !v.vehicle_ids.length && !v.team_ids.length)
        issue("vehicle_ids", "alerts:errors.vehiclesRequired");
      if (n.speed && v.speed_limit_kmh == null) issue("speed_limit_kmh", "errors.required");
      if (n.duration && v.duration_min == null) issue("duration_min", "errors.required");
      if (n.geofences && !v.all_geofences && !v.geofence_ids.length)
        issue("geofence_ids", "alerts:errors.geofencesRequired");
      if ((v.time_from == null) !== (v.time_to == null))
        issue(v.time_from == null ? "time_from" : "time_to", "alerts:errors.timeRangeIncomplete");
      else if (v.time_from != null && v.time_from.slice(0, 5) === v.time_to!.slice(0, 5))
        issue("time_to", "alerts:errors.timeRangeEmpty");
      if (n.timeRange && v.time_from == null) issue("time_from", "errors.required");
      if (!v.days.length) issue("days", "alerts:errors.daysRequired");
      if (!v.notify_in_app && !v.notify_email) issue("notify_in_app", "alerts:errors.channelRequired");
      if (v.notify_in_app && !v.recipient_ids.length) issue("recipient_ids", "alerts:errors.recipientsRequired");
      // Spec section 5: at least one e-mail must be chosen for e-mail notifications.
      if (v.notify_email && !v.emails.length && !v.recipient_ids.length) issue("emails", "alerts:errors.emailRequired");
    }),
);

export type PolicyInput = z.infer<typeof policyInputSchema>;

/** Log filters: period, vehicle, type, policy; paging on the server. */
export const logFilterSchema = z.object({
  // A period end that is not a real day is an error the page explains (no silent "all time").
  from: dateParam(),
  to: dateParam(),
  vehicle: z.string().uuid().optional().catch(undefined),
  type: z.enum(ALERT_TYPES).optional().catch(undefined),
  policy: z.string().uuid().optional().catch(undefined),
  unread: z
    .preprocess((v) => v === "1" || v === "true" || v === true, z.boolean())
    .optional()
    .catch(undefined),
});
export type LogFilter = z.infer<typeof logFilterSchema>;

/** Overview filters: the log's period, vehicle and type (the service limits the period to a year). */
export const overviewFilterSchema = logFilterSchema.pick({ from: true, to: true, vehicle: true, type: true });

/** Payload of the e-mail job for one alert. */
export interface AlertMailJob {
  alertId: string;
  orgId: string;
}

/** What the in-app notification carries over the live socket (as `{ type: "alert", ...notice }`). */
export interface AlertNotice {
  id: string;
  alertType: AlertType;
  policyName: string;
  vehicleId: string;
  vehicleName: string;
  /** lets each process's hub skip users who may not see the vehicle */
  vehicleTeamId: string | null;
  placeName: string | null;
  occurredAt: string;
  details: Record<string, unknown>;
}
