-- Video: dashcam photo and clip requests, device-triggered uploads, the partial transfers a camera resumes,
-- which vehicles carry a camera and each organisation's retention. Media bytes live outside the database
-- (FLOTA_STORAGE_DIR); a row keeps the file's key, size, checksum, the position and the event it belongs to.

CREATE TABLE video_settings (
  org_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  retention_days integer NOT NULL DEFAULT 30 CHECK (retention_days BETWEEN 1 AND 3650),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vehicle_cameras (
  org_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  front boolean NOT NULL DEFAULT true,
  rear boolean NOT NULL DEFAULT false,
  model text NOT NULL DEFAULT 'Teltonika DualCam',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vehicle_id),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE
);
CREATE INDEX vehicle_cameras_org ON vehicle_cameras (org_id);

CREATE TABLE video_media (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  vehicle_id uuid NOT NULL,
  -- the camera's tracker (IMEI) the request went to or the upload came from
  device_id text,
  trigger text NOT NULL CHECK (trigger IN ('server_request', 'ignition', 'green_driving', 'periodic')),
  media_type text NOT NULL CHECK (media_type IN ('photo', 'video')),
  camera text NOT NULL CHECK (camera IN ('front', 'rear')),
  -- the moment asked for (requests) or captured (uploads); a clip covers [captured_at, captured_at + duration_s)
  captured_at timestamptz NOT NULL,
  duration_s smallint NOT NULL DEFAULT 0 CHECK (duration_s BETWEEN 0 AND 30),
  status text NOT NULL CHECK (status IN ('requested', 'sent', 'uploading', 'completed', 'failed')),
  failure text CHECK (failure IN ('device_offline', 'no_footage', 'timeout', 'transfer_error')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  requested_by uuid,
  alert_id uuid,
  lat double precision,
  lon double precision,
  file_key text,
  content_type text,
  size_bytes bigint,
  sha256 text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  completed_at timestamptz,
  UNIQUE (org_id, id),
  CHECK ((status = 'failed') = (failure IS NOT NULL)),
  CHECK (status <> 'completed' OR (file_key IS NOT NULL AND sha256 IS NOT NULL)),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, requested_by) REFERENCES users (org_id, id) ON DELETE SET NULL (requested_by),
  FOREIGN KEY (org_id, alert_id) REFERENCES alerts (org_id, id) ON DELETE SET NULL (alert_id)
);
CREATE INDEX video_media_org_time ON video_media (org_id, captured_at DESC, id);
CREATE INDEX video_media_vehicle_time ON video_media (vehicle_id, captured_at DESC);
CREATE INDEX video_media_open ON video_media (device_id, created_at) WHERE status IN ('requested', 'sent', 'uploading');
CREATE INDEX video_media_alert ON video_media (alert_id) WHERE alert_id IS NOT NULL;

-- A camera's file transfer in progress: what was received and verified so far, so a dropped connection
-- resumes from the last acknowledged offset.
CREATE TABLE video_transfers (
  org_id uuid NOT NULL,
  media_id uuid NOT NULL,
  device_id text NOT NULL,
  file_path text NOT NULL,
  total_packets integer NOT NULL CHECK (total_packets > 0),
  received_packets integer NOT NULL DEFAULT 0,
  received_bytes bigint NOT NULL DEFAULT 0,
  last_crc integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, file_path),
  FOREIGN KEY (org_id, media_id) REFERENCES video_media (org_id, id) ON DELETE CASCADE
);
