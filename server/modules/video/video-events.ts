import type { DB } from "../../db/database";
import { emitEvent } from "../events";

type MediaRow = {
  id: string;
  org_id: string;
  vehicle_id: string;
  trigger: string;
  media_type: string;
  camera: string;
  captured_at: Date;
  status: string;
  failure: string | null;
  requested_by: string | null;
  size_bytes: string | number | null;
  content_type: string | null;
};

/**
 * `video.request.completed` / `video.request.failed` for a requested photo or clip that reached its end, in the
 * transaction of that change. Uploads the camera made on its own (ignition, harsh driving) are not requests.
 */
export async function emitVideoOutcome(db: DB, m: MediaRow | undefined) {
  if (!m || m.trigger !== "server_request" || (m.status !== "completed" && m.status !== "failed")) return;
  await emitEvent(db, {
    type: m.status === "completed" ? "video.request.completed" : "video.request.failed",
    organizationId: m.org_id,
    data: {
      media_id: m.id,
      vehicle_id: m.vehicle_id,
      media_type: m.media_type,
      camera: m.camera,
      captured_at: new Date(m.captured_at).toISOString(),
      requested_by: m.requested_by,
      failure: m.failure,
      size_bytes: m.size_bytes === null ? null : Number(m.size_bytes),
      content_type: m.content_type,
    },
  });
}
