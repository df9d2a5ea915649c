import { z } from "zod";
import { requiredTime } from "../../shared/date-schemas";
import { canonicalTimeZone } from "../../shared/time-zones";
import { checkbox, optionalText, requiredInt, requiredText } from "../shared/form-values";

export const organizationInputSchema = z.object({
  name: requiredText(120),
  legal_name: optionalText(200),
  business_number: optionalText(40),
  fiscal_number: optionalText(40),
  country: optionalText(80),
  province: optionalText(80),
  region: optionalText(80),
  city: optionalText(80),
  postal_code: optionalText(20),
  address: optionalText(200),
  phone: optionalText(40),
  email: z.preprocess((v) => (v === "" ? null : v), z.string().email("errors.email").nullable().optional()),
});
export type OrganizationInput = z.infer<typeof organizationInputSchema>;

const radius = requiredInt(10, 10000);

export const settingsInputSchema = z.object({
  attendance_enabled: checkbox(),
  attendance_start_threshold: requiredTime(),
  checkin_radius_m: radius,
  checkout_radius_m: radius,
  self_assign_jobs: checkbox(),
  /** IANA name, e.g. "Europe/Tirane"; left out (or blank) keeps the organisation's zone. */
  timezone: z
    .preprocess(
      (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
      z
        .string({ error: "errors.timeZone" })
        .max(64, "errors.timeZone")
        .transform((v, c) => {
          const zone = canonicalTimeZone(v);
          if (zone) return zone;
          c.addIssue({ code: "custom", message: "errors.timeZone" });
          return z.NEVER;
        })
        .optional(),
    )
    .optional(),
});
export type SettingsInput = z.infer<typeof settingsInputSchema>;
