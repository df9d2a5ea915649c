-- What devices report besides positions (docs/telematics-protocols.md, "Device status and refused frames").
-- device_status: the latest value of each status attribute a vehicle's device sent (heartbeats, command answers,
-- cell/Wi-Fi-only reports, alarms without a fix), merged key by key; capped in the service (100 keys, short values).
CREATE TABLE device_status (
  vehicle_id uuid PRIMARY KEY REFERENCES vehicles (id) ON DELETE CASCADE,
  org_id uuid NOT NULL,
  identifier text NOT NULL,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  alarm text,
  ignition boolean,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_status_org ON device_status (org_id);

-- The last frame each device had refused (unknown device, malformed frame, unknown message layout): one row per
-- identifier and protocol, the frame cut to its first 1 KiB, for the device faults page.
CREATE TABLE device_refused_frames (
  identifier text NOT NULL,
  protocol text NOT NULL,
  frame bytea NOT NULL CHECK (octet_length(frame) <= 1024),
  frame_length integer NOT NULL,
  reason text NOT NULL,
  known_device boolean NOT NULL,
  refused_at timestamptz NOT NULL DEFAULT now(),
  refusals integer NOT NULL DEFAULT 1,
  PRIMARY KEY (identifier, protocol)
);
CREATE INDEX device_refused_frames_refused_at ON device_refused_frames (refused_at DESC);
