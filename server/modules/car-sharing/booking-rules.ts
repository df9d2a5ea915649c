import { addDays, formatInstantDate, parseZonedDateTime, zonedInstant, zonedParts } from "../../shared/dates";
import { readFlag } from "../shared/form-values";
import { BOOKING_TYPES, OTHER_PURPOSE, type AllowedHours, type BookingFields } from "./car-sharing.schema";

/**
 * The booking rules as pure functions (spec section 5): every check returns violations, never throws, so one
 * refusal lists them all. The booking service adds the checks that need the database (overlaps, the cap).
 * Boundaries are written down in docs/car-sharing.md.
 */

export interface Violation {
  /** the spec's code (or a generic errors.json key such as "dateTime") */
  code: string;
  field: string;
  params?: Record<string, unknown>;
}

export interface EffectiveRules {
  min_duration_min: number;
  max_duration_min: number;
  advance_days: number;
  max_future_bookings: number;
  min_lead_min: number;
  allowed_hours: AllowedHours;
}

export interface BookingDraft {
  userId: string | null;
  vehicleId: string | null;
  type: "shared" | "personal" | null;
  passengers: string[];
  destination: string;
  purposeId: string | null;
  otherReason: string | null;
  start: Date | null;
  end: Date | null;
  notifyUsers: boolean;
}

/** The longest destination and other reason a booking keeps (longer ones are refused, never cut). */
export const DESTINATION_MAX = 200;
export const OTHER_REASON_MAX = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MINUTE = 60_000;
const text = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const uuidOrNull = (v: unknown) => (UUID.test(text(v)) ? text(v).toLowerCase() : null);

/** Instants are kept to the whole minute (seconds dropped), so durations are whole minutes. */
export const floorMinute = (d: Date) => new Date(Math.floor(d.getTime() / MINUTE) * MINUTE);

/** Local "YYYY-MM-DD HH:mm" in the zone, or an ISO 8601 instant carrying Z or an offset; null when unreadable. */
export function parseBookingTime(value: unknown, timeZone: string): Date | null {
  const v = text(value);
  if (!v) return null;
  const local = parseZonedDateTime(v, timeZone);
  if (local) return local;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) {
    const ms = Date.parse(v);
    return Number.isNaN(ms) ? null : floorMinute(new Date(ms));
  }
  return null;
}

/** Reads the submitted fields; what is missing or unreadable becomes a violation instead of an exception. */
export function readDraft(fields: BookingFields, timeZone: string): { draft: BookingDraft; violations: Violation[] } {
  const violations: Violation[] = [];
  const type = BOOKING_TYPES.find((t) => t === text(fields.type)) ?? null;
  if (!type) violations.push({ code: "TYPE_REQUIRED", field: "type" });
  const userId = uuidOrNull(fields.user_id);
  if (!userId) violations.push({ code: "USER_REQUIRED", field: "user_id" });
  const vehicleId = uuidOrNull(fields.vehicle_id);
  if (!vehicleId) violations.push({ code: "VEHICLE_REQUIRED", field: "vehicle_id" });
  const destination = text(fields.destination);
  if (!destination) violations.push({ code: "DESTINATION_REQUIRED", field: "destination" });
  else if (destination.length > DESTINATION_MAX) violations.push({ code: "tooLong", field: "destination" });
  const purposeText = text(fields.purpose);
  const isOther = purposeText === OTHER_PURPOSE;
  const purposeId = isOther ? null : uuidOrNull(purposeText);
  if (!isOther && !purposeId) violations.push({ code: "PURPOSE_REQUIRED", field: "purpose" });
  const otherReason = isOther ? text(fields.other_reason) || null : null;
  if (isOther && !otherReason) violations.push({ code: "OTHER_REASON_REQUIRED", field: "other_reason" });
  else if (otherReason && otherReason.length > OTHER_REASON_MAX)
    violations.push({ code: "tooLong", field: "other_reason" });
  const times: Record<"start" | "end", Date | null> = { start: null, end: null };
  for (const key of ["start", "end"] as const) {
    const raw = text(fields[key]);
    times[key] = parseBookingTime(raw, timeZone);
    if (!raw) violations.push({ code: "FIELD_REQUIRED", field: key });
    else if (!times[key]) violations.push({ code: "dateTime", field: key });
  }
  const list = Array.isArray(fields.passengers)
    ? fields.passengers
    : fields.passengers === undefined || fields.passengers === ""
      ? []
      : [fields.passengers];
  // passengers are user ids: anything else (a count such as -1 or 2.5, unreadable text) is refused, not dropped
  const blank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && !v.trim());
  if (list.some((v) => !blank(v) && !uuidOrNull(v))) violations.push({ code: "invalid", field: "passengers" });
  const passengers = [...new Set(list.map(uuidOrNull).filter((id): id is string => !!id && id !== userId))];
  // a checkbox: missing is unticked; a value that is no yes/no is refused, not read as "no"
  const notifyUsers = fields.notify_users == null || fields.notify_users === "" ? false : readFlag(fields.notify_users);
  if (notifyUsers === undefined) violations.push({ code: "invalid", field: "notify_users" });
  return {
    draft: {
      userId,
      vehicleId,
      type,
      passengers,
      destination,
      purposeId,
      otherReason,
      start: times.start,
      end: times.end,
      notifyUsers: notifyUsers ?? false,
    },
    violations,
  };
}

/** 1440 for "24:00", else minutes since midnight. */
const hourMinutes = (hhmm: string) =>
  hhmm === "24:00" ? 1440 : Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * True when every minute of [start, end) lies inside the allowed hours of its local day (organisation zone).
 * Each local day the booking touches is checked on its own; a day without hours (null) allows nothing.
 */
export function withinAllowedHours(start: Date, end: Date, hours: AllowedHours, timeZone: string): boolean {
  let day = formatInstantDate(start, timeZone);
  for (let guard = 0; guard < 400; guard++) {
    const dayStart = zonedInstant(day, "00:00", timeZone);
    if (dayStart >= end) return true;
    const next = addDays(day, 1);
    const nextStart = zonedInstant(next, "00:00", timeZone);
    const segStart = start > dayStart ? start : dayStart;
    const segEnd = end < nextStart ? end : nextStart;
    if (segEnd > segStart) {
      const allowed = hours[zonedParts(dayStart, timeZone).weekday];
      if (!allowed) return false;
      const p = zonedParts(segStart, timeZone);
      const from = p.hour * 60 + p.minute;
      const to =
        segEnd.getTime() === nextStart.getTime()
          ? 1440
          : (() => {
              const q = zonedParts(segEnd, timeZone);
              return q.hour * 60 + q.minute;
            })();
      if (from < hourMinutes(allowed.from) || to > hourMinutes(allowed.to)) return false;
    }
    day = next;
  }
  return true;
}

/** The time rules: order of the times, past, lead time, advance window, duration, allowed hours. */
export function timeViolations(draft: BookingDraft, rules: EffectiveRules, now: Date, timeZone: string): Violation[] {
  const { start, end } = draft;
  if (!start || !end) return [];
  const out: Violation[] = [];
  const nowMinute = floorMinute(now);
  if (end <= start) out.push({ code: "END_BEFORE_START", field: "end" });
  if (start < nowMinute) out.push({ code: "START_IN_PAST", field: "start" });
  else if (start.getTime() < nowMinute.getTime() + rules.min_lead_min * MINUTE) {
    out.push({ code: "ADVANCE_LIMIT_TOO_SHORT", field: "start", params: { minutes: rules.min_lead_min } });
  }
  const lastDay = addDays(formatInstantDate(nowMinute, timeZone), rules.advance_days);
  if (formatInstantDate(start, timeZone) > lastDay)
    out.push({ code: "ADVANCE_LIMIT_EXCEEDED", field: "start", params: { days: rules.advance_days } });
  if (end > start) {
    const minutes = Math.round((end.getTime() - start.getTime()) / MINUTE);
    if (minutes < rules.min_duration_min)
      out.push({ code: "DURATION_TOO_SHORT", field: "end", params: { minutes: rules.min_duration_min } });
    if (minutes > rules.max_duration_min)
      out.push({ code: "DURATION_TOO_LONG", field: "end", params: { minutes: rules.max_duration_min } });
    if (!withinAllowedHours(start, end, rules.allowed_hours, timeZone))
      out.push({ code: "OUTSIDE_ALLOWED_HOURS", field: "start" });
  }
  return out;
}

type RuleColumns = Partial<{ [K in keyof EffectiveRules]: EffectiveRules[K] | null }>;

/** General settings, then the team's rule, then the user's: a rule's column that is set replaces the one before. */
export function effectiveRules(
  general: EffectiveRules,
  ...overrides: Array<RuleColumns | null | undefined>
): EffectiveRules {
  const out = { ...general };
  for (const rule of overrides) {
    if (!rule) continue;
    for (const key of Object.keys(out) as Array<keyof EffectiveRules>) {
      const v = rule[key];
      if (v !== null && v !== undefined) (out as Record<string, unknown>)[key] = v;
    }
  }
  return out;
}

/**
 * The day view's shading: is the local hour `hour` (0–23) of a day with these allowed hours wholly bookable? An hour
 * only partly inside them (08:00 with hours from 08:30) is shaded too: a booking starting on the hour would be refused.
 */
export function hourAllowed(day: AllowedHours[number], hour: number): boolean {
  if (!day) return false;
  const from = `${String(hour).padStart(2, "0")}:00`;
  const to = `${String(hour + 1).padStart(2, "0")}:00`;
  return day.from <= from && to <= day.to;
}

/** Until when a booking held its vehicle: the return of one completed early, otherwise its booked end. */
export const heldUntil = (b: { status: string; ends_at: Date; completed_at: Date | null }) =>
  b.status === "completed" && b.completed_at && b.completed_at < b.ends_at ? b.completed_at : b.ends_at;
