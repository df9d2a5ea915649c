import { replayExportLoader } from "../replay.server";
import type { Route } from "./+types/export-gpx";

export function loader({ request, context }: Route.LoaderArgs) {
  return replayExportLoader(context, request, "gpx");
}
