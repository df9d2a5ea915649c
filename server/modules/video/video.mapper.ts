import { iso, num } from "../shared/mapping";

export interface MediaRow {
  id: string;
  vehicle_id: string;
  registration: string;
  trigger: string;
  media_type: string;
  camera: string;
  captured_at: Date | string;
  duration_s: number;
  status: string;
  failure: string | null;
  progress: number;
  alert_id: string | null;
  lat: number | null;
  lon: number | null;
  content_type: string | null;
  size_bytes: string | number | null;
  sha256: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  sent_at: Date | string | null;
  completed_at: Date | string | null;
}

/** A video request or upload as the API and the pages see it (no file key, no org). */
export function toMediaDto(m: MediaRow) {
  const ready = m.status === "completed";
  return {
    id: m.id,
    vehicleId: m.vehicle_id,
    registration: m.registration,
    trigger: m.trigger,
    mediaType: m.media_type,
    camera: m.camera,
    capturedAt: iso(m.captured_at)!,
    durationS: m.duration_s,
    status: m.status,
    failure: m.failure,
    progress: m.progress,
    alertId: m.alert_id,
    lat: m.lat,
    lon: m.lon,
    contentType: m.content_type,
    sizeBytes: num(m.size_bytes),
    sha256: m.sha256,
    createdAt: iso(m.created_at)!,
    updatedAt: iso(m.updated_at)!,
    sentAt: iso(m.sent_at),
    completedAt: iso(m.completed_at),
    mediaUrl: ready ? `/video/media/${m.id}` : null,
    downloadUrl: ready ? `/video/media/${m.id}?download=1` : null,
  };
}
export type MediaDto = ReturnType<typeof toMediaDto>;
