import { sampleJobsLoader } from "../job-import.server";
import type { Route } from "./+types/sample-csv";

/** The import's sample file, its example texts in the user's language (?lng=al|en overrides). */
export function loader({ request, context }: Route.LoaderArgs) {
  return sampleJobsLoader(context, request);
}
