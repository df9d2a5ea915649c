import { LANGUAGE_COOKIE, SESSION_COOKIE, clearCookie, serializeCookie } from "../../../server/security/cookies";
import type { LoadContext } from "../../lib/route-kit.server";

export function sessionCookieHeaders(context: LoadContext, token: string, expiresAt: Date, language: string): Headers {
  const secure = context.app.config.secureCookies;
  const headers = new Headers();
  headers.append("Set-Cookie", serializeCookie(SESSION_COOKIE, token, { secure, expires: expiresAt }));
  headers.append(
    "Set-Cookie",
    serializeCookie(LANGUAGE_COOKIE, language, { secure, maxAge: 365 * 86400, httpOnly: false }),
  );
  return headers;
}

export function clearSessionHeaders(context: LoadContext): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", clearCookie(SESSION_COOKIE, context.app.config.secureCookies));
  return headers;
}

export function clientMeta(request: Request, context: LoadContext) {
  return {
    ip: context.clientIp,
    userAgent: request.headers.get("user-agent"),
  };
}
