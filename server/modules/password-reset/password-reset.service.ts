import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { hashPassword } from "../../security/passwords";
import { newNumericCode, sha256 } from "../../security/tokens";
import { authRepo } from "../auth";
import { usersRepo } from "../users";
import { passwordResetRepo } from "./password-reset.repo";
import {
  MAX_CODE_ATTEMPTS,
  PASSWORD_RESET_MAIL_JOB,
  RESEND_AFTER_SECONDS,
  RESET_CODE_TTL_MINUTES,
  WELCOME_CODE_TTL_MINUTES,
  type PasswordResetMailJob,
} from "./password-reset.schema";

/**
 * Sends a verification code by e-mail (through the job queue). Answers the same whether
 * or not the account exists, so the form cannot be used to discover accounts.
 * Returns the seconds until a new code may be requested, and whether this request came too early.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  baseUrl: string,
  opts: { purpose?: "reset" | "welcome" } = {},
): Promise<{ resendIn: number; tooEarly: boolean }> {
  const minutes = opts.purpose === "welcome" ? WELCOME_CODE_TTL_MINUTES : RESET_CODE_TTL_MINUTES;
  // The resend delay is kept per address, for unknown addresses too, so its answer reveals nothing either.
  const requestKey = `reset:${email.trim().toLowerCase()}`;
  const sinceRequest = await authRepo.secondsSinceLastAttempt(ctx.db, requestKey);
  if (sinceRequest !== null && sinceRequest < RESEND_AFTER_SECONDS) {
    return { resendIn: Math.max(1, Math.ceil(RESEND_AFTER_SECONDS - sinceRequest)), tooEarly: true };
  }
  await authRepo.recordAttempts(ctx.db, [requestKey]);
  const user = await authRepo.findUserByEmail(ctx.db, email);
  if (!user || !user.active || !user.email) return { resendIn: RESEND_AFTER_SECONDS, tooEarly: false };
  const code = newNumericCode(6);
  await passwordResetRepo.insert(ctx.db, {
    org_id: user.org_id,
    user_id: user.id,
    code_hash: sha256(`${user.id}:${code}`),
    expires_at: new Date(Date.now() + minutes * 60_000),
  });
  const link = `${baseUrl}/newPassword?${new URLSearchParams({ email: user.email, code })}`;
  const job: PasswordResetMailJob = {
    to: user.email,
    name: user.first_name,
    code,
    language: user.default_language,
    link,
    minutes,
    ...(opts.purpose === "welcome" ? { purpose: "welcome" as const } : {}),
  };
  await ctx.jobs.enqueue("mail", PASSWORD_RESET_MAIL_JOB, job);
  return { resendIn: RESEND_AFTER_SECONDS, tooEarly: false };
}

async function checkCode(ctx: AppContext, email: string, code: string) {
  const user = await authRepo.findUserByEmail(ctx.db, email);
  const reset = user ? await passwordResetRepo.latest(ctx.db, user.id) : undefined;
  if (!user || !reset || reset.used_at || reset.attempts >= MAX_CODE_ATTEMPTS) {
    throw new AppError("RESET_CODE_INVALID", "The code is wrong", { field: "code" });
  }
  if (new Date(reset.expires_at).getTime() < Date.now())
    throw new AppError("RESET_CODE_EXPIRED", "The code has expired", { field: "code" });
  if (sha256(`${user.id}:${code}`) !== reset.code_hash) {
    await passwordResetRepo.countAttempt(ctx.db, reset.id);
    throw new AppError("RESET_CODE_INVALID", "The code is wrong", { field: "code" });
  }
  return { user, reset };
}

export async function verifyResetCode(ctx: AppContext, email: string, code: string): Promise<void> {
  await checkCode(ctx, email, code);
}

export async function completePasswordReset(
  ctx: AppContext,
  email: string,
  code: string,
  password: string,
): Promise<void> {
  const { user, reset } = await checkCode(ctx, email, code);
  await ctx.db.transaction().execute(async (trx) => {
    await usersRepo.update(trx, user.org_id, user.id, { password_hash: await hashPassword(password) });
    await passwordResetRepo.markUsed(trx, reset.id);
    await authRepo.deleteUserSessions(trx, user.id);
  });
}
