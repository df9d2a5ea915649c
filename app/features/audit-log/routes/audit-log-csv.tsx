import { auditCsvLoader } from "../audit-log.server";
import type { Route } from "./+types/audit-log-csv";

/** The filtered audit log as CSV: the same filters as the screen, every page of it. */
export function loader({ request, context }: Route.LoaderArgs) {
  return auditCsvLoader(request, context);
}
