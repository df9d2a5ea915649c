import { sampleJobsCsv } from "../../../../server/modules/route-planning/route-planning.import";
import { todayIn } from "../../../../server/shared/dates";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/sample-csv";

/** The import's sample file, its example texts in the user's language (?lng=al|en overrides). */
export function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "routePlanning:read");
  const asked = new URL(request.url).searchParams.get("lng");
  const language = asked === "al" || asked === "en" ? asked : p.language;
  return new Response(sampleJobsCsv(language, todayIn("Europe/Tirane")), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="jobs-sample-${language}.csv"`,
    },
  });
}
