import { AppError } from "../../../../server/errors";
import { redirect } from "react-router";
import { clearCookie, parseCookies } from "../../../../server/security/cookies";
import { SSO_COOKIE, decodePending } from "../../../../server/modules/sso/sso.schema";
import { completeSso } from "../../../../server/modules/sso/sso.service";
import { clearSessionHeaders, clientMeta, sessionCookieHeaders } from "../session-cookies.server";
import type { Route } from "./+types/sso-callback";

/** The provider sends the browser back here with the authorization code; any failure goes to sign-in with a message. */
export async function loader({ request, context }: Route.LoaderArgs) {
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
