import { sampleJobsCsv } from "../../../../server/modules/route-planning/route-planning.import";
import { orgToday } from "../../../../server/modules/organization/organization.service";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/sample-csv";

/** The import's sample file, its example texts in the user's language (?lng=al|en overrides). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "routePlanning:read");
  const asked = new URL(request.url).searchParams.get("lng");
  const language = asked === "al" || asked === "en" ? asked : p.language;
  return new Response(sampleJobsCsv(language, await orgToday(context.app, p.orgId)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="jobs-sample-${language}.csv"`,
    },
  });
}
