import { MIN_PASSWORD } from "../../shared/password-rules";
import { z } from "zod";
import { checkbox, flag, isoDate, optionalText, optionalUuid, requiredText } from "../shared/form-values";

export const LANGUAGES = ["al", "en"] as const;
export { MIN_PASSWORD };

const optionalEmail = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim().toLowerCase() : v),
  z.string().email("errors.email").max(200).nullable().optional(),
);
const optionalPassword = z.preprocess(
  (v) => (v === "" ? null : v),
  z.string().min(MIN_PASSWORD, "errors.passwordLength").max(200).nullable().optional(),
);

/** One person: a driver, a user who signs in, or both (spec: Driver/user). */
export const personInputSchema = z.object({
  first_name: requiredText(80),
  middle_name: optionalText(80),
  last_name: requiredText(80),
  birthday: isoDate(),
  personal_number: optionalText(40),
  phone: z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .string()
      .regex(/^\+?[0-9 ()-]{5,20}$/, "errors.phone")
      .nullable()
      .optional(),
  ),
  email: optionalEmail,
  password: optionalPassword,
  role_id: z.string({ error: "errors.required" }).uuid("errors.required"),
  team_id: optionalUuid(),
  is_driver: checkbox(),
  web_only: checkbox(),
  vehicle_access: z.enum(["all", "selected"]).default("all"),
  vehicle_ids: z
    .preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().uuid()))
    .default([]),
  default_language: z.enum(LANGUAGES).default("al"),
  // The form posts a hidden "false" before the checkbox: with both, the last value counts.
  active: flag(true),
});
export type PersonInput = z.infer<typeof personInputSchema>;

/** A user of the application signs in with an e-mail, so the users screens require it. */
export const userInputSchema = personInputSchema.extend({
  email: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim().toLowerCase()) : v),
    z.string({ error: "errors.required" }).email("errors.email").max(200),
  ),
});

export const profileInputSchema = z.object({
  first_name: requiredText(80),
  middle_name: optionalText(80),
  last_name: requiredText(80),
  phone: z.preprocess(
    (v) => (v === "" ? null : v),
    z
      .string()
      .regex(/^\+?[0-9 ()-]{5,20}$/, "errors.phone")
      .nullable()
      .optional(),
  ),
  default_language: z.enum(LANGUAGES),
});

export const passwordChangeSchema = z
  .object({
    current_password: z.string({ error: "errors.required" }).min(1, "errors.required"),
    new_password: z.string({ error: "errors.required" }).min(MIN_PASSWORD, "errors.passwordLength").max(200),
    confirm_password: z.string({ error: "errors.required" }).min(1, "errors.required"),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ["confirm_password"],
    message: "errors.passwordMismatch",
  });
