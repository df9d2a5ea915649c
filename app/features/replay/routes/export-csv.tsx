import { replayToCsv } from "../../../../server/modules/positions/replay.service";
import { exportReplay } from "../../../lib/map/replay.server";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/export-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "replay:read");
  return exportReplay(context, p, request, "csv", (replay) => replayToCsv(replay));
}
