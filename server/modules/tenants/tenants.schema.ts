import { z } from "zod";
import { optionalInt, optionalText, requiredText } from "../shared/form-values";

export const TENANT_STATUSES = ["active", "suspended"] as const;
export const PASSWORD_MODES = ["password", "email"] as const;
export const MAX_DEVICE_QUOTA = 1_000_000;
const MIN_PASSWORD = 8;

const email = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z.string({ error: "errors.required" }).min(1, "errors.required").email("errors.email").max(200, "errors.tooLong"),
);

/** A new organisation and its first administrator (flat, so the form and the API share it). */
export const tenantCreateSchema = z
  .object({
    name: requiredText(120),
    country: optionalText(80),
    device_quota: optionalInt(0, MAX_DEVICE_QUOTA),
    admin_email: email,
    admin_first_name: requiredText(80),
    admin_last_name: requiredText(80),
    admin_language: z.enum(["al", "en"], { error: "errors.invalid" }).default("al"),
    /** "password": the operator sets the first password; "email": the administrator gets a set-password link. */
    password_mode: z.enum(PASSWORD_MODES, { error: "errors.invalid" }).default("email"),
    admin_password: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.string().min(MIN_PASSWORD, "errors.passwordLength").max(200).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.password_mode === "password" && !v.admin_password)
      ctx.addIssue({ code: "custom", path: ["admin_password"], message: "errors.required" });
  });
export type TenantCreateInput = z.infer<typeof tenantCreateSchema>;

export const tenantUpdateSchema = z.object({
  name: requiredText(120),
  country: optionalText(80),
  device_quota: optionalInt(0, MAX_DEVICE_QUOTA),
});
export type TenantUpdateInput = z.infer<typeof tenantUpdateSchema>;

/** Deleting takes the organisation's name typed again. */
export const tenantDeleteSchema = z.object({
  confirmation: z.string({ error: "errors.required" }).trim().min(1, "errors.required"),
});
