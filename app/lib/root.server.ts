import { resolveLanguage } from "../i18n/i18n.server";
import { detectPlatform } from "./platform";
import { parseCookies } from "../../server/security/cookies";
import { isIntegrationPath } from "../../server/shared/integration-paths";
import type { LoadContext } from "./route-kit.server";

export async function rootLoader(request: Request, context: LoadContext) {
  const p = context.principal;
  const locale = resolveLanguage(request, p?.language);
  const cookies = parseCookies(request.headers.get("Cookie"));
  // The public integrations pages carry nothing of a signed-in visitor.
  const user = p && !isIntegrationPath(new URL(request.url).pathname) ? p : null;
  return {
    locale,
    csrfToken: context.csrfToken,
    buildId: context.app.buildId,
    platform: detectPlatform(request.headers.get("User-Agent")),
    bannerDismissed: cookies.banner_dismissed === "1",
    user: user
      ? {
          id: user.userId,
          name: `${user.firstName} ${user.lastName}`,
          role: user.role.name,
          permissions: [...user.permissions],
        }
      : null,
  };
}
