import { z } from "zod";
import { optionalDate, requiredDate, requiredTime } from "../../shared/date-schemas";
import { isDate } from "../../shared/dates";
import {
  checkbox,
  optionalNumber,
  optionalText,
  optionalUuid,
  requiredInt,
  requiredNumber,
  requiredText,
  toList,
} from "../shared/form-values";

export const JOB_STATUSES = ["not_started", "started", "finished"] as const;
export type JobStatusValue = (typeof JOB_STATUSES)[number];
/** ISO weekdays: 1 = Monday … 7 = Sunday (spec section 5, job import). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** One recurrence creates at most this many jobs (a year of daily visits). */
export const MAX_OCCURRENCES = 366;

const weekdays = () =>
  z
    .preprocess(
      (v) => toList(v).map((d) => (typeof d === "string" ? Number(d) : d)),
      z.array(
        z.number({ error: "errors.weekday" }).int("errors.weekday").min(1, "errors.weekday").max(7, "errors.weekday"),
      ),
    )
    .transform((days) => [...new Set(days)].sort((a, b) => a - b));

/** Explicit dates, one per line or separated by commas/spaces, or a list; anything else (a number, an object) is refused. */
const dateList = () =>
  z
    .preprocess(
      (v) => (v === undefined || v === null ? [] : typeof v === "string" ? v.split(/[\s,;]+/).filter(Boolean) : v),
      z.array(z.string({ error: "errors.date" }), { error: "errors.date" }),
    )
    .refine((list) => list.every(isDate), "errors.date")
    .transform((list) => [...new Set(list)].sort());

const latitude = () => optionalNumber(-90, 90);
const longitude = () => optionalNumber(-180, 180);

/** The point, contact and notes every job and template stop has. Coordinates may come from the chosen place. */
const pointFields = {
  name: requiredText(160),
  place_id: optionalUuid(),
  address: optionalText(300),
  latitude: latitude(),
  longitude: longitude(),
  contact_name: optionalText(120),
  contact_phone: optionalText(40),
  notes: optionalText(2000),
};

function checkWindow(v: { arrival: string; departure: string }, ctx: z.RefinementCtx) {
  if (v.departure < v.arrival)
    ctx.addIssue({ code: "custom", path: ["scheduled_departure"], message: "errors.departureBeforeArrival" });
}

function checkPoint(
  v: { place_id?: string | null; latitude?: number | null; longitude?: number | null },
  ctx: z.RefinementCtx,
) {
  if (v.place_id) return;
  if (v.latitude == null) ctx.addIssue({ code: "custom", path: ["latitude"], message: "errors.required" });
  if (v.longitude == null) ctx.addIssue({ code: "custom", path: ["longitude"], message: "errors.required" });
}

/** The fields of one job, added or edited. */
const jobFields = {
  ...pointFields,
  scheduled_date: requiredDate(),
  scheduled_arrival: requiredTime(),
  scheduled_departure: requiredTime(),
  driver_id: optionalUuid(),
  vehicle_id: optionalUuid(),
};

/** A job's place (or point) and its time window. */
function checkJob(
  v: {
    place_id?: string | null;
    latitude?: number | null;
    longitude?: number | null;
    scheduled_arrival: string;
    scheduled_departure: string;
  },
  ctx: z.RefinementCtx,
) {
  checkPoint(v, ctx);
  checkWindow({ arrival: v.scheduled_arrival, departure: v.scheduled_departure }, ctx);
}

export const jobInputSchema = z
  .object({
    ...jobFields,
    /** repeat on these weekdays from scheduled_date up to repeat_until */
    days: weekdays().optional().default([]),
    repeat_until: optionalDate(),
    /** and/or on these explicit dates */
    dates: dateList().optional().default([]),
  })
  .superRefine((v, ctx) => {
    checkJob(v, ctx);
    if (v.days.length && !v.repeat_until)
      ctx.addIssue({ code: "custom", path: ["repeat_until"], message: "errors.required" });
    if (v.repeat_until && v.repeat_until < v.scheduled_date)
      ctx.addIssue({ code: "custom", path: ["repeat_until"], message: "errors.dateRangeReversed" });
  });
export type JobInput = z.infer<typeof jobInputSchema>;

/** Editing one scheduled job (its recurrence is not replayed). */
export const jobUpdateSchema = z
  .object({
    ...jobFields,
  })
  .superRefine((v, ctx) => {
    checkJob(v, ctx);
  });
export type JobUpdate = z.infer<typeof jobUpdateSchema>;

export const assignInputSchema = z.object({
  job_id: z.uuid("errors.invalid"),
  vehicle_id: optionalUuid(),
  driver_id: optionalUuid(),
});
export type AssignInput = z.infer<typeof assignInputSchema>;

export const templateInputSchema = z.object({
  name: requiredText(160),
  driver_id: optionalUuid(),
  vehicle_id: optionalUuid(),
  days: weekdays().optional().default([]),
  dates: dateList().optional().default([]),
  notes: optionalText(2000),
});
export type TemplateInput = z.infer<typeof templateInputSchema>;

export const stopInputSchema = z
  .object({
    ...pointFields,
    arrival: requiredTime(),
    departure: requiredTime(),
  })
  .superRefine((v, ctx) => {
    checkPoint(v, ctx);
    if (v.departure < v.arrival)
      ctx.addIssue({ code: "custom", path: ["departure"], message: "errors.departureBeforeArrival" });
  });
export type StopInput = z.infer<typeof stopInputSchema>;

/** Generate a template's jobs for the days of a period that match its weekdays or dates. */
export const generateInputSchema = z.object({ from: requiredDate(), to: requiredDate() }).superRefine((v, ctx) => {
  if (v.to < v.from) ctx.addIssue({ code: "custom", path: ["to"], message: "errors.dateRangeReversed" });
});

const radius = (max: number) => requiredInt(10, max);

export const routeSettingsSchema = z.object({
  checkin_radius_m: radius(10000),
  checkout_radius_m: radius(10000),
  self_assign_jobs: checkbox(),
  self_assign_radius_m: radius(100000),
  late_grace_min: requiredInt(0, 240),
  attendance_enabled: checkbox(),
  attendance_start_threshold: requiredTime(),
});
export type RouteSettingsInput = z.infer<typeof routeSettingsSchema>;

/** The phone's position for check-in, check-out, self-assignment and the working day. */
/** The phone's position: a blank, a boolean or a list is refused, never read as 0 (a point off the coast of Africa). */
export const phonePositionSchema = z.object({
  latitude: requiredNumber(-90, 90),
  longitude: requiredNumber(-180, 180),
});
export type PhonePosition = z.infer<typeof phonePositionSchema>;

export const attendanceRuleSchema = z.object({
  name: requiredText(120),
  start_threshold: requiredTime(),
  user_ids: z.preprocess(toList, z.array(z.uuid("errors.invalid")).min(1, "errors.required")),
});
export type AttendanceRuleInput = z.infer<typeof attendanceRuleSchema>;

export const dayQuerySchema = z.object({ day: optionalDate() });

/** The import file's columns; 1 … 7 are the weekdays (1 = Monday), marked with 1 or x. */
export const JOB_CSV_COLUMNS = [
  "name",
  "address",
  "latitude",
  "longitude",
  "place",
  "contact_name",
  "contact_phone",
  "notes",
  "date",
  "arrival",
  "departure",
  "driver",
  "vehicle",
  "repeat_until",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
] as const;
export const JOB_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
