import { replayToGpx } from "../../../../server/modules/positions/replay.service";
import { exportReplay } from "../../../lib/map/replay.server";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/export-gpx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "replay:read");
  return exportReplay(context, p, request, "gpx", (replay, registration) => replayToGpx(replay, { registration }));
}
