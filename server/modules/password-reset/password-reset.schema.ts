import { z } from "zod";
import { MIN_PASSWORD } from "../../shared/password-rules";

export const RESET_CODE_TTL_MINUTES = 15;
/** A new organisation's first administrator sets a password with the same code, valid longer (docs/administration.md). */
export const WELCOME_CODE_TTL_MINUTES = 72 * 60;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_CODE_ATTEMPTS = 5;

export const resetEmailSchema = z.object({
  email: z.string({ error: "errors.required" }).trim().min(1, "errors.required").email("errors.email"),
});
export const resetCodeSchema = resetEmailSchema.extend({
  code: z
    .string({ error: "errors.required" })
    .trim()
    .regex(/^\d{6}$/, "errors.resetCode"),
});
export const newPasswordSchema = resetCodeSchema
  .extend({
    password: z.string({ error: "errors.required" }).min(MIN_PASSWORD, "errors.passwordLength").max(200),
    confirm_password: z.string({ error: "errors.required" }).min(1, "errors.required"),
  })
  .refine((v) => v.password === v.confirm_password, { path: ["confirm_password"], message: "errors.passwordMismatch" });

export const PASSWORD_RESET_MAIL_JOB = "password-reset";

export interface PasswordResetMailJob {
  to: string;
  name: string;
  code: string;
  language: "al" | "en";
  link: string;
  minutes: number;
  /** "welcome": the first password of a new account (another text, a longer validity); else a reset */
  purpose?: "reset" | "welcome";
}
