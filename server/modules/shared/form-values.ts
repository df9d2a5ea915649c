import { z } from "zod";
import { optionalDate } from "../../shared/date-schemas";

/** Form helpers: empty strings from HTML forms become null; checkboxes become booleans. */
export const optionalText = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v),
    z.string().max(max, "errors.tooLong").nullable().optional(),
  );

export const requiredText = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: "errors.required" }).min(1, "errors.required").max(max, "errors.tooLong"),
  );

export const optionalNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : typeof v === "string" ? Number(v.replace(",", ".")) : v),
    z.number({ error: "errors.number" }).min(min, "errors.range").max(max, "errors.range").nullable().optional(),
  );

export const optionalInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: "errors.number" })
      .int("errors.number")
      .min(min, "errors.range")
      .max(max, "errors.range")
      .nullable()
      .optional(),
  );

export const checkbox = () =>
  z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.boolean()).default(false);

/** A repeated form field or query parameter as a list: missing or "" is empty, one value is a list of one. */
export const toList = (v: unknown): unknown[] => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]);

/** A list of ids from a repeated form field or query parameter. */
export const uuidList = () => z.preprocess(toList, z.array(z.uuid()));

export const optionalUuid = () =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z.string().uuid("errors.invalid").nullable().optional(),
  );

/** An optional calendar day YYYY-MM-DD that exists (2026-02-30 is refused); "" becomes null. */
export const isoDate = () => optionalDate();
