import { redirect } from "react-router";
import { LANGUAGE_COOKIE, serializeCookie } from "../../../../server/security/cookies";
import { safeLocalPath } from "../../../../server/modules/auth/auth.service";
import { setNavCollapsed } from "../../../../server/modules/users/users.service";
import { isLanguage } from "../../../i18n/config";
import { readForm } from "../../../lib/route-kit.server";
import type { Route } from "./+types/preferences";

export async function loader() {
  return redirect("/manage");
}

/**
 * Language switch and hiding the mobile banner: cookies only, so they work before sign-in too. The side navigation
 * folded to icons is kept with the signed-in user, so it follows them to every device.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const secure = context.app.config.secureCookies;
  const headers = new Headers();
  const lng = form.get("lng");
  if (form.get("intent") === "language" && isLanguage(lng)) {
    headers.append(
      "Set-Cookie",
      serializeCookie(LANGUAGE_COOKIE, lng, { secure, maxAge: 365 * 86400, httpOnly: false }),
    );
  }
  if (form.get("intent") === "nav" && context.principal) {
    await setNavCollapsed(context.app, context.principal, form.get("collapsed") === "1");
  }
  if (form.get("intent") === "dismiss-banner") {
    headers.append("Set-Cookie", serializeCookie("banner_dismissed", "1", { secure, maxAge: 30 * 86400 }));
  }
  const back =
    safeLocalPath(String(form.get("returnTo") ?? "")) ??
    safeLocalPath(new URL(request.headers.get("referer") ?? "/", request.url).pathname) ??
    "/manage";
  return redirect(back, { headers });
}
