-- Analytics: trips, stops and idling periods derived from positions as they arrive (docs/analytics.md).

-- Per-organisation detection rules; a missing row means the defaults.
CREATE TABLE analytics_settings (
  org_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  min_stop_s integer NOT NULL DEFAULT 300 CHECK (min_stop_s BETWEEN 30 AND 7200),
  min_trip_distance_m integer NOT NULL DEFAULT 500 CHECK (min_trip_distance_m BETWEEN 0 AND 10000),
  idle_min_s integer NOT NULL DEFAULT 120 CHECK (idle_min_s BETWEEN 30 AND 3600),
  max_gap_s integer NOT NULL DEFAULT 3600 CHECK (max_gap_s BETWEEN 60 AND 86400),
  moving_speed_kmh real NOT NULL DEFAULT 5 CHECK (moving_speed_kmh BETWEEN 1 AND 30),
  detection text NOT NULL DEFAULT 'auto' CHECK (detection IN ('auto', 'ignition', 'motion')),
  speed_limit_kmh integer NOT NULL DEFAULT 90 CHECK (speed_limit_kmh BETWEEN 20 AND 200),
  min_speeding_s integer NOT NULL DEFAULT 10 CHECK (min_speeding_s BETWEEN 0 AND 600),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Closed segments. Trips and stops tile a vehicle's timeline; idling periods and speeding episodes overlap them.
CREATE TABLE vehicle_segments (
  org_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('trip', 'stop', 'idle', 'speeding')),
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  driver_id uuid,
  start_lat double precision NOT NULL,
  start_lon double precision NOT NULL,
  end_lat double precision NOT NULL,
  end_lon double precision NOT NULL,
  distance_m double precision NOT NULL DEFAULT 0,
  max_speed_kmh real NOT NULL DEFAULT 0,
  engine_s double precision NOT NULL DEFAULT 0,
  idle_s double precision NOT NULL DEFAULT 0,
  start_odometer_m double precision NOT NULL DEFAULT 0,
  end_odometer_m double precision NOT NULL DEFAULT 0,
  points integer NOT NULL DEFAULT 0,
  gap boolean NOT NULL DEFAULT false,
  harsh_accel integer NOT NULL DEFAULT 0,
  harsh_brake integer NOT NULL DEFAULT 0,
  harsh_corner integer NOT NULL DEFAULT 0,
  speeding_s double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (vehicle_id, kind, start_time),
  CHECK (end_time >= start_time),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE
);
CREATE INDEX vehicle_segments_org_kind_time ON vehicle_segments (org_id, kind, start_time);
CREATE INDEX vehicle_segments_vehicle_time ON vehicle_segments (vehicle_id, start_time);

-- Each vehicle's detector memory (written in the position transaction) and the earliest late position
-- that still has to be folded in by re-deriving from the stop before it.
CREATE TABLE vehicle_segment_state (
  vehicle_id uuid PRIMARY KEY,
  org_id uuid NOT NULL,
  state jsonb NOT NULL,
  dirty_from timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE
);
CREATE INDEX vehicle_segment_state_dirty ON vehicle_segment_state (dirty_from) WHERE dirty_from IS NOT NULL;

-- Dashboard tiles, per user (spec sections 2, 3 and 9).
CREATE TABLE dashboard_tiles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  user_id uuid NOT NULL,
  position integer NOT NULL DEFAULT 0,
  metric text NOT NULL,
  chart_type text NOT NULL CHECK (chart_type IN ('number', 'bar', 'line', 'pie', 'table')),
  ranking text CHECK (ranking IN ('top', 'bottom')),
  ranking_size integer NOT NULL DEFAULT 10 CHECK (ranking_size IN (10, 50)),
  aggregation text NOT NULL DEFAULT 'total' CHECK (aggregation IN ('total', 'average')),
  time_window text NOT NULL,
  vehicle_ids uuid[] NOT NULL DEFAULT '{}',
  team_ids uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
);
CREATE INDEX dashboard_tiles_user ON dashboard_tiles (user_id, position);

-- Report e-mails on a schedule (spec section 3, "Notification").
CREATE TABLE report_schedules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  created_by uuid NOT NULL,
  name text NOT NULL,
  report_type text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
  time_range text NOT NULL,
  interval text NOT NULL CHECK (interval IN ('daily', 'weekly', 'monthly')),
  weekday smallint CHECK (weekday BETWEEN 0 AND 6),
  month_day smallint CHECK (month_day BETWEEN 1 AND 28),
  vehicle_ids uuid[] NOT NULL DEFAULT '{}',
  team_ids uuid[] NOT NULL DEFAULT '{}',
  driver_ids uuid[] NOT NULL DEFAULT '{}',
  user_ids uuid[] NOT NULL DEFAULT '{}',
  emails text[] NOT NULL DEFAULT '{}',
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, created_by) REFERENCES users (org_id, id) ON DELETE CASCADE
);
CREATE INDEX report_schedules_org ON report_schedules (org_id);

-- Reports generated in the background (on request or by a schedule), with their files.
CREATE TABLE archived_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  requested_by uuid,
  schedule_id uuid,
  report_type text NOT NULL,
  params jsonb NOT NULL,
  period_from date NOT NULL,
  period_to date NOT NULL,
  status text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'COMPLETED', 'FAILED')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  row_count integer,
  error text,
  -- a schedule's run is keyed on its period: created once, so it is sent once
  run_key text UNIQUE,
  emailed_at timestamptz,
  -- recipients already sent to, so a retried job e-mails nobody twice
  emailed_to text[] NOT NULL DEFAULT '{}',
  attempts smallint NOT NULL DEFAULT 1,
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  FOREIGN KEY (org_id, requested_by) REFERENCES users (org_id, id) ON DELETE SET NULL (requested_by),
  FOREIGN KEY (org_id, schedule_id) REFERENCES report_schedules (org_id, id) ON DELETE SET NULL (schedule_id)
);
CREATE INDEX archived_reports_org_time ON archived_reports (org_id, created_at DESC);
CREATE INDEX archived_reports_running ON archived_reports (heartbeat_at) WHERE status = 'RUNNING';

CREATE TABLE archived_report_files (
  report_id uuid NOT NULL REFERENCES archived_reports(id) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('csv', 'xlsx', 'pdf')),
  language text NOT NULL CHECK (language IN ('al', 'en')),
  content bytea NOT NULL,
  size integer NOT NULL,
  PRIMARY KEY (report_id, format, language)
);

ALTER TABLE analytics_settings
  ADD COLUMN archive_retention_days integer NOT NULL DEFAULT 90 CHECK (archive_retention_days BETWEEN 1 AND 3650),
  -- the language of report e-mails to addresses that are not users
  ADD COLUMN report_language text NOT NULL DEFAULT 'al' CHECK (report_language IN ('al', 'en'));
