import { z } from "zod";

export const SSO_COOKIE = "flota_sso";
export const SSO_COOKIE_MAX_AGE_SECONDS = 600;
export const SSO_CALLBACK_PATH = "/auth/sso/callback";
export const SSO_SCOPE = "openid email profile";

/** What the browser carries between /auth/sso and the callback (httpOnly cookie). */
export const ssoPendingSchema = z.object({
  state: z.string().min(16),
  nonce: z.string().min(16),
  verifier: z.string().min(43),
  redirectUri: z.string().url(),
  next: z.string().nullable(),
});
export type SsoPending = z.infer<typeof ssoPendingSchema>;

/** The identity claims Flota relies on, from the ID token (or UserInfo when the ID token lacks them). */
export const ssoIdentitySchema = z.object({
  sub: z.string().min(1),
  email: z.string().trim().email(),
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
});
export type SsoIdentity = z.infer<typeof ssoIdentitySchema>;

export const encodePending = (p: SsoPending) => Buffer.from(JSON.stringify(p), "utf8").toString("base64url");

export function decodePending(value: string | undefined): SsoPending | null {
  if (!value) return null;
  try {
    const parsed = ssoPendingSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
