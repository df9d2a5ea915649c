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

/**
 * A required whole number in a range, as JSON (a number) or a form (its text) sends it. Missing or blank is
 * "errors.required"; a boolean, a list or text that is no whole number is "errors.number", never read as 0 or 1
 * the way z.coerce.number reads them. `messages` replaces the messages of a field that has its own.
 */
export const requiredInt = (
  min: number,
  max: number,
  messages: { required?: string; number?: string; range?: string } = {},
) => {
  const { required = "errors.required", number = "errors.number", range = "errors.range" } = messages;
  return z.preprocess(
    (v) =>
      v === null || (typeof v === "string" && v.trim() === "") ? undefined : typeof v === "string" ? Number(v) : v,
    z
      .number({ error: (iss) => (iss.input === undefined ? required : number) })
      .int(number)
      .min(min, range)
      .max(max, range),
  );
};

/**
 * A required number in a range (a coordinate), as JSON or a form's text sends it (a decimal comma is read as a point).
 * Missing or blank is "errors.required"; a boolean, a list or text that is no number is "errors.number", never read as
 * 0 or 1 the way z.coerce.number reads them.
 */
export const requiredNumber = (min: number, max: number) =>
  z.preprocess(
    (v) =>
      v === null || (typeof v === "string" && v.trim() === "")
        ? undefined
        : typeof v === "string"
          ? Number(v.replace(",", "."))
          : v,
    z
      .number({ error: (iss) => (iss.input === undefined ? "errors.required" : "errors.number") })
      .min(min, "errors.range")
      .max(max, "errors.range"),
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

/** The texts a yes/no field arrives as from a form: a ticked checkbox's "on", a select's or a hidden input's words. */
const FLAG_TEXT = new Map<string, boolean>([
  ["on", true],
  ["true", true],
  ["1", true],
  ["false", false],
  ["0", false],
]);

/** A yes/no value as sent (JSON true/false or one of the form texts), or undefined when it is none of them. */
export function readFlag(v: unknown): boolean | undefined {
  if (typeof v === "boolean") return v;
  return typeof v === "string" ? FLAG_TEXT.get(v) : undefined;
}

/**
 * A yes/no field: `absent` when it is missing (or JSON null, or "" as any empty form field); a repeated form field
 * (a hidden "false" before the checkbox) counts by its last value. Anything else ("maybe", 2, an object) is refused
 * with errors.invalid, never read as false.
 */
export const flag = (absent: boolean) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return absent;
      const last = Array.isArray(v) && v.length > 0 && v.every((x) => readFlag(x) !== undefined) ? v.at(-1) : v;
      return readFlag(last) ?? last;
    },
    z.boolean({ error: "errors.invalid" }),
  );

/** A checkbox: unticked (absent) is false, as HTML forms send it. */
export const checkbox = () => flag(false);

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
