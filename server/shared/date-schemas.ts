import { z } from "zod";
import { daysBetween, isDate, isDateTime, isTime, parseDateTime, timeForField } from "./dates";

/**
 * zod schemas for the date strings of section 9, shared by the server's schemas and the web forms
 * (app/lib/dates.ts re-exports them). Messages are keys of locales/<lng>/errors.json.
 */

/** Trims text; an empty form field (or a missing one) becomes undefined. */
const blankToUndefined = (v: unknown) =>
  typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v === null ? undefined : v;

/** A calendar day "YYYY-MM-DD" that exists (2026-02-30 is refused). */
export const dateSchema = (message = "errors.date") => z.string({ error: message }).trim().refine(isDate, message);

/** A 24-hour clock time "HH:mm". `allowSeconds` also reads PostgreSQL's "HH:mm:ss" (and keeps "HH:mm"). */
export const timeSchema = (message = "errors.time", allowSeconds = false) =>
  z
    .string({ error: message })
    .trim()
    .refine((s) => (allowSeconds ? timeForField(s) !== "" : isTime(s)), message)
    .transform((s) => timeForField(s));

/** "YYYY-MM-DD HH:mm" (also "YYYY-MM-DDTHH:mm"), normalised to the space form. */
export const dateTimeSchema = (message = "errors.dateTime") =>
  z
    .string({ error: message })
    .trim()
    .refine(isDateTime, message)
    .transform((s) => {
      const dt = parseDateTime(s)!;
      return `${dt.date} ${dt.time}`;
    });

/** Optional form fields: "" or missing → null. */
export const optionalDate = (message = "errors.date") =>
  z.preprocess(blankToUndefined, dateSchema(message).nullable().optional()).transform((v) => v ?? null);
export const optionalTime = (message = "errors.time") =>
  z.preprocess(blankToUndefined, timeSchema(message, true).nullable().optional()).transform((v) => v ?? null);
export const optionalDateTime = (message = "errors.dateTime") =>
  z.preprocess(blankToUndefined, dateTimeSchema(message).nullable().optional()).transform((v) => v ?? null);

/** A query-string day (filters, API): absent or "" → undefined; anything else must be a real YYYY-MM-DD. */
export const dateParam = (message = "errors.date") => z.preprocess(blankToUndefined, dateSchema(message).optional());

/** Required form fields: a blank one says "required", a wrong one says how to write it. */
export const requiredDate = (message = "errors.date") =>
  z.preprocess(blankToUndefined, z.string({ error: "errors.required" }).pipe(dateSchema(message)));
export const requiredTime = (message = "errors.time") =>
  z.preprocess(blankToUndefined, z.string({ error: "errors.required" }).pipe(timeSchema(message)));

/**
 * A period of days from–to (both inclusive, either may be open): each end must be a date, and the end
 * may not come before the start; `maxDays` limits its length.
 */
export function dateRangeSchema(opts: { maxDays?: number } = {}) {
  return z.object({ from: optionalDate(), to: optionalDate() }).superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({ code: "custom", path: ["to"], message: "errors.dateRangeReversed" });
    else if (v.from && v.to && opts.maxDays && daysBetween(v.from, v.to) + 1 > opts.maxDays) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "errors.dateRangeTooLong" });
    }
  });
}
