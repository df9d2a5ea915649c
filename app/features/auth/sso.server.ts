import { AppError } from "../../../server/errors";
import { redirect } from "react-router";
import { clearCookie, parseCookies, serializeCookie } from "../../../server/security/cookies";
import {
  SSO_COOKIE,
  decodePending,
  SSO_COOKIE_MAX_AGE_SECONDS,
  encodePending,
  completeSso,
  startSso,
} from "../../../server/modules/sso";
import { clearSessionHeaders, clientMeta, sessionCookieHeaders } from "./session-cookies.server";
import type { LoadContext } from "../../lib/route-kit.server";

/** The provider sends the browser back here with the authorization code; any failure goes to sign-in with a message. */
export async function ssoCallbackLoader(request: Request, context: LoadContext) {
  const secure = context.app.config.secureCookies;
  const pending = decodePending(parseCookies(request.headers.get("Cookie"))[SSO_COOKIE]);
  try {
    if (!pending) throw new Error("no pending single sign-on (cookie missing or expired)");
    const result = await completeSso(
      context.app,
      pending,
      new URL(request.url).searchParams,
      clientMeta(request, context),
    );
    const headers = sessionCookieHeaders(context, result.session.token, result.session.expiresAt, result.language);
    headers.append("Set-Cookie", clearCookie(SSO_COOKIE, secure));
    return redirect(result.target, { headers });
  } catch (err) {
    context.app.log.warn({ err }, "single sign-on failed");
    const headers = clearSessionHeaders(context);
    headers.append("Set-Cookie", clearCookie(SSO_COOKIE, secure));
    const suspended = err instanceof AppError && err.code === "ORGANIZATION_SUSPENDED";
    return redirect(`/login?error=${suspended ? "suspended" : "sso"}`, { headers });
  }
}

/** Sends the browser to the OpenID provider; state, nonce and PKCE verifier wait in a short-lived httpOnly cookie. */
export async function ssoLoader(request: Request, context: LoadContext) {
  const url = new URL(request.url);
  try {
    const { url: target, pending } = await startSso(context.app, url.origin, url.searchParams.get("next"));
    const cookie = serializeCookie(SSO_COOKIE, encodePending(pending), {
      maxAge: SSO_COOKIE_MAX_AGE_SECONDS,
      secure: context.app.config.secureCookies,
    });
    return redirect(target.href, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  } catch (err) {
    context.app.log.warn({ err }, "single sign-on could not start");
    return redirect("/login?error=sso");
  }
}
