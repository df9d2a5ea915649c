import { redirect } from "react-router";
import { serializeCookie } from "../../../../server/security/cookies";
import { SSO_COOKIE, SSO_COOKIE_MAX_AGE_SECONDS, encodePending } from "../../../../server/modules/sso/sso.schema";
import { startSso } from "../../../../server/modules/sso/sso.service";
import type { Route } from "./+types/sso";

/** Sends the browser to the OpenID provider; state, nonce and PKCE verifier wait in a short-lived httpOnly cookie. */
export async function loader({ request, context }: Route.LoaderArgs) {
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
