import { z } from "zod";
import { checkbox, optionalUuid, readFlag, requiredInt, toList } from "../shared/form-values";
import { isTime } from "../../shared/dates";

/** Spec section 9: the options of the general settings (and of specific rules). */
export const MIN_DURATION_OPTIONS = [15, 30, 45, 60, 90, 120] as const;
export const MAX_DURATION_OPTIONS = [240, 360, 480, 600, 720, 1440] as const;
export const ADVANCE_DAYS_OPTIONS = [7, 14, 30, 60, 90] as const;
export const MAX_FUTURE_OPTIONS = [1, 2, 3, 4, 5] as const;
export const MIN_LEAD_OPTIONS = [0, 15, 30, 60, 120] as const;
export const REMINDER_OPTIONS = [5, 15, 30, 60, 120] as const;
/** Ours (not in the spec): minutes after the start before an unstarted booking frees its vehicle; 0 = never. */
export const NO_SHOW_GRACE_OPTIONS = [0, 15, 30, 60, 120] as const;
/** Ours: minutes a booked vehicle rests in its base with the ignition off before its booking completes early. */
export const RETURN_REST_OPTIONS = [5, 10, 15, 30, 60] as const;
export const DEFAULT_RETURN_REST_MIN = 10;

export const BOOKING_TYPES = ["shared", "personal"] as const;
export const BOOKING_STATUSES = ["approved", "active", "completed", "cancelled", "unknown"] as const;
/** What the details screen shows: the stored statuses plus "finished" (end passed, not yet closed by the worker). */
export type BookingDisplayStatus = (typeof BOOKING_STATUSES)[number] | "finished";
export const HISTORY_TABS = ["all", "completed", "in-progress", "cancelled"] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];
export const ENTRY_KINDS = ["purpose", "destination"] as const;
export const NOTIFICATION_SCOPES = ["none", "own", "all"] as const;
/** The purpose value meaning "other reason" (then other_reason is required). */
export const OTHER_PURPOSE = "other";

export interface DayHoursValue {
  from: string;
  to: string;
}
export type AllowedHours = Array<DayHoursValue | null>;
export const ALL_DAY: AllowedHours = Array.from({ length: 7 }, () => ({ from: "00:00", to: "24:00" }));

const invalid = "errors.invalid";
const oneOf = <T extends readonly number[]>(options: T) =>
  requiredInt(Math.min(...options), Math.max(...options), {
    required: invalid,
    number: invalid,
    range: invalid,
  }).refine((n) => (options as readonly number[]).includes(n), invalid);
const optionalOneOf = <T extends readonly number[]>(options: T) =>
  z.preprocess((v) => (v === "" || v === undefined ? null : v), oneOf(options).nullable());

const hourText = (v: string) => v === "24:00" || isTime(v);

/** A form's checkbox (missing is unticked); a value that is no checkbox's is refused under its own name. */
function ticked(raw: Record<string, unknown>, name: string, ctx: z.RefinementCtx): boolean {
  const v = raw[name];
  if (v === undefined || v === null || v === "") return false;
  const flag = readFlag(v);
  if (flag === undefined) ctx.addIssue({ code: "custom", path: [name], message: "errors.invalid" });
  return flag ?? false;
}

/** Allowed hours from the form (open_0, from_0, to_0 … open_6) or the API (an array of 7). */
function hoursFromFields(raw: Record<string, unknown>, ctx: z.RefinementCtx): unknown {
  if (Array.isArray(raw.allowed_hours)) return raw.allowed_hours;
  return Array.from({ length: 7 }, (_, d) =>
    ticked(raw, `open_${d}`, ctx) ? { from: String(raw[`from_${d}`] ?? ""), to: String(raw[`to_${d}`] ?? "") } : null,
  );
}

export const allowedHoursSchema = z
  .array(
    z
      .object({ from: z.string().refine(isTime, "errors.time"), to: z.string().refine(hourText, "errors.time") })
      .nullable(),
  )
  .length(7)
  .refine((days) => days.every((d) => !d || d.from < d.to), "errors.invalid");

export const generalSettingsSchema = z.preprocess(
  (raw, ctx) =>
    raw && typeof raw === "object"
      ? { ...raw, allowed_hours: hoursFromFields(raw as Record<string, unknown>, ctx) }
      : raw,
  z.object({
    min_duration_min: oneOf(MIN_DURATION_OPTIONS),
    max_duration_min: oneOf(MAX_DURATION_OPTIONS),
    advance_days: oneOf(ADVANCE_DAYS_OPTIONS),
    max_future_bookings: oneOf(MAX_FUTURE_OPTIONS),
    min_lead_min: oneOf(MIN_LEAD_OPTIONS),
    reminder_min: oneOf(REMINDER_OPTIONS),
    no_show_grace_min: oneOf(NO_SHOW_GRACE_OPTIONS).default(30),
    activate_on_ignition: checkbox(),
    return_rest_min: oneOf(RETURN_REST_OPTIONS).default(DEFAULT_RETURN_REST_MIN),
    allowed_hours: allowedHoursSchema,
  }),
);
export type GeneralSettingsInput = z.infer<typeof generalSettingsSchema>;

export const specificRuleSchema = z.preprocess(
  (raw, ctx) => {
    if (!raw || typeof raw !== "object") return raw;
    const r = raw as Record<string, unknown>;
    const custom = ticked(r, "custom_hours", ctx) || Array.isArray(r.allowed_hours);
    return { ...r, allowed_hours: custom ? hoursFromFields(r, ctx) : null };
  },
  z
    .object({
      user_id: optionalUuid(),
      team_id: optionalUuid(),
      min_duration_min: optionalOneOf(MIN_DURATION_OPTIONS),
      max_duration_min: optionalOneOf(MAX_DURATION_OPTIONS),
      advance_days: optionalOneOf(ADVANCE_DAYS_OPTIONS),
      max_future_bookings: optionalOneOf(MAX_FUTURE_OPTIONS),
      min_lead_min: optionalOneOf(MIN_LEAD_OPTIONS),
      allowed_hours: allowedHoursSchema.nullable(),
    })
    .refine((r) => Boolean(r.user_id) !== Boolean(r.team_id), { message: "errors.FIELD_REQUIRED", path: ["user_id"] }),
);
export type SpecificRuleInput = z.infer<typeof specificRuleSchema>;

export const entrySchema = z.object({
  kind: z.enum(ENTRY_KINDS, { error: "errors.invalid" }),
  label: z.string({ error: "errors.required" }).trim().min(1, "errors.required").max(120, "errors.tooLong"),
});
export type EntryInput = z.infer<typeof entrySchema>;

/** The vehicles tab: the pool, and each vehicle's base (a geofence of the organisation, or none). */
export const poolVehiclesSchema = z.object({
  // any text: the service refuses an id that is not one of the visible vehicles with VEHICLE_UNKNOWN
  vehicle_ids: z.preprocess(toList, z.array(z.string().max(100))),
  bases: z
    .record(
      z.string(),
      z.preprocess((v) => (v === "" || v === undefined ? null : v), z.uuid("errors.invalid").nullable()),
    )
    .default({}),
});

export const bookingUserSchema = z.object({
  user_id: z.uuid("errors.invalid"),
  may_book: checkbox(),
  notification_scope: z.enum(NOTIFICATION_SCOPES, { error: "errors.invalid" }),
});

/** The fields of a booking as a form or an API body sends them; the booking service checks every one itself. */
export interface BookingFields {
  user_id?: unknown;
  vehicle_id?: unknown;
  type?: unknown;
  passengers?: unknown;
  destination?: unknown;
  purpose?: unknown;
  other_reason?: unknown;
  /** "YYYY-MM-DD HH:mm" in the organisation's time zone, or an ISO 8601 instant with offset */
  start?: unknown;
  end?: unknown;
  notify_users?: unknown;
}

export const cancelSchema = z.object({ confirm: z.literal("yes", { error: "errors.required" }) });
