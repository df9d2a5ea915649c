import { SESSION_COOKIE, clearCookie, parseCookies, serializeCookie } from "../../../server/security/cookies";
import type { LoadContext } from "../../lib/route-kit.server";

/** During a support session, the installation administrator's own session token waits here for the way back. */
export const SUPPORT_RETURN_COOKIE = "flota_support_return";

export function supportReturnToken(request: Request): string | null {
  return parseCookies(request.headers.get("Cookie"))[SUPPORT_RETURN_COOKIE] || null;
}

/** Signs the browser into the support session and keeps the administrator's token for the way back. */
export function startSupportCookies(
  context: LoadContext,
  support: { token: string; expiresAt: Date },
  returnTo: { token: string; expiresAt: Date },
): Headers {
  const secure = context.app.config.secureCookies;
  const headers = new Headers();
  headers.append("Set-Cookie", serializeCookie(SESSION_COOKIE, support.token, { secure, expires: support.expiresAt }));
  headers.append(
    "Set-Cookie",
    serializeCookie(SUPPORT_RETURN_COOKIE, returnTo.token, { secure, expires: returnTo.expiresAt, sameSite: "Strict" }),
  );
  return headers;
}

/** Back to the administrator's own session (or none, when it has ended meanwhile). */
export function endSupportCookies(context: LoadContext, back: { token: string; expiresAt: Date } | null): Headers {
  const secure = context.app.config.secureCookies;
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    back
      ? serializeCookie(SESSION_COOKIE, back.token, { secure, expires: back.expiresAt })
      : clearCookie(SESSION_COOKIE, secure),
  );
  headers.append("Set-Cookie", clearCookie(SUPPORT_RETURN_COOKIE, secure));
  return headers;
}
