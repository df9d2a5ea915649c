import { redirect } from "react-router";
import { endSession } from "../../../../server/modules/auth/auth.service";
import { readForm } from "../../../lib/route-kit.server";
import { clearSessionHeaders } from "../session-cookies.server";
import { SUPPORT_RETURN_COOKIE, supportReturnToken } from "../../admin/support-cookies.server";
import { clearCookie } from "../../../../server/security/cookies";
import type { Route } from "./+types/logout";

export async function loader() {
  return redirect("/manage");
}

export async function action({ request, context }: Route.ActionArgs) {
  await readForm(request, context);
  await endSession(context.app, context.sessionToken);
  const headers = clearSessionHeaders(context);
  // Signing out of a support session signs the installation administrator out as well (it ends with their session).
  const supportReturn = supportReturnToken(request);
  if (supportReturn) {
    await endSession(context.app, supportReturn);
    headers.append("Set-Cookie", clearCookie(SUPPORT_RETURN_COOKIE, context.app.config.secureCookies));
  }
  return redirect("/login", { headers });
}
