import { replayExportLoader } from "../replay.server";
import type { Route } from "./+types/export-csv";

export function loader({ request, context }: Route.LoaderArgs) {
  return replayExportLoader(context, request, "csv");
}
