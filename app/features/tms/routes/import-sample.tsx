import { sampleCsv } from "../import.server";
import type { Route } from "./+types/import-sample";

/** A sample import file with the columns and two orders. */
export function loader({ request, context }: Route.LoaderArgs) {
  return sampleCsv(context, request);
}
