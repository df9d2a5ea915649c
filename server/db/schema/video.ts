import type { Generated } from "kysely";
import type { Timestamp } from "./common";

/** Dashcam media (requests and uploads), cameras per vehicle, retention, partial transfers. */
export interface VideoTables {
  video_settings: VideoSettingsTable;
  vehicle_cameras: VehicleCamerasTable;
  video_media: VideoMediaTable;
  video_transfers: VideoTransfersTable;
}

export interface VideoSettingsTable {
  org_id: string;
  retention_days: Generated<number>;
  updated_at: Timestamp;
}

export interface VehicleCamerasTable {
  org_id: string;
  vehicle_id: string;
  front: Generated<boolean>;
  rear: Generated<boolean>;
  model: Generated<string>;
  created_at: Timestamp;
}

export interface VideoMediaTable {
  id: Generated<string>;
  org_id: string;
  vehicle_id: string;
  device_id: string | null;
  trigger: "server_request" | "ignition" | "green_driving" | "periodic";
  media_type: "photo" | "video";
  camera: "front" | "rear";
  captured_at: Timestamp;
  duration_s: Generated<number>;
  status: "requested" | "sent" | "uploading" | "completed" | "failed";
  failure: "device_offline" | "no_footage" | "timeout" | "transfer_error" | null;
  progress: Generated<number>;
  requested_by: string | null;
  alert_id: string | null;
  lat: number | null;
  lon: number | null;
  file_key: string | null;
  content_type: string | null;
  size_bytes: string | number | null;
  sha256: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
  completed_at: Timestamp | null;
}

export interface VideoTransfersTable {
  org_id: string;
  media_id: string;
  device_id: string;
  file_path: string;
  total_packets: number;
  received_packets: Generated<number>;
  received_bytes: string | number;
  last_crc: Generated<number>;
  updated_at: Timestamp;
}
