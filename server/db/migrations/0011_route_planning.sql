-- Route planning: field jobs (one row per scheduled visit), templates, imports, optimisations, time attendance.

-- Beside organization_settings (check-in/out radius, self-assignment on/off, attendance threshold): what only
-- route planning reads.
CREATE TABLE route_settings (
  org_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  self_assign_radius_m integer NOT NULL DEFAULT 2000 CHECK (self_assign_radius_m BETWEEN 10 AND 100000),
  late_grace_min integer NOT NULL DEFAULT 15 CHECK (late_grace_min BETWEEN 0 AND 240),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE route_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  driver_id uuid,
  vehicle_id uuid,
  days smallint[] NOT NULL DEFAULT '{}',
  dates date[] NOT NULL DEFAULT '{}',
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  CHECK (days <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[]),
  FOREIGN KEY (org_id, driver_id) REFERENCES users (org_id, id) ON DELETE SET NULL (driver_id),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE SET NULL (vehicle_id)
);
CREATE INDEX route_templates_org ON route_templates (org_id, lower(name));

CREATE TABLE route_template_stops (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  template_id uuid NOT NULL,
  position integer NOT NULL DEFAULT 0,
  name text NOT NULL,
  place_id uuid,
  address text,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  contact_name text,
  contact_phone text,
  notes text,
  arrival time NOT NULL,
  departure time NOT NULL,
  UNIQUE (org_id, id),
  CHECK (departure >= arrival),
  FOREIGN KEY (org_id, template_id) REFERENCES route_templates (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, place_id) REFERENCES places (org_id, id) ON DELETE SET NULL (place_id)
);
CREATE INDEX route_template_stops_template ON route_template_stops (template_id, position);

CREATE TABLE route_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  -- the jobs created together by one recurrence (days of the week or explicit dates)
  series_id uuid,
  template_id uuid,
  name text NOT NULL,
  place_id uuid,
  address text,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  contact_name text,
  contact_phone text,
  notes text,
  scheduled_date date NOT NULL,
  scheduled_arrival time NOT NULL,
  scheduled_departure time NOT NULL,
  recurrence_days smallint[] NOT NULL DEFAULT '{}',
  driver_id uuid,
  vehicle_id uuid,
  status text NOT NULL DEFAULT 'not_started' CHECK (status IN ('not_started', 'started', 'finished')),
  arrived_at timestamptz,
  departed_at timestamptz,
  checkin_source text CHECK (checkin_source IN ('auto', 'phone', 'manual')),
  checkout_source text CHECK (checkout_source IN ('auto', 'phone', 'manual')),
  checkin_distance_m integer,
  checkout_distance_m integer,
  late_alerted_at timestamptz,
  missed_alerted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  CHECK (scheduled_departure >= scheduled_arrival),
  CHECK (recurrence_days <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[]),
  FOREIGN KEY (org_id, template_id) REFERENCES route_templates (org_id, id) ON DELETE SET NULL (template_id),
  FOREIGN KEY (org_id, place_id) REFERENCES places (org_id, id) ON DELETE SET NULL (place_id),
  FOREIGN KEY (org_id, driver_id) REFERENCES users (org_id, id) ON DELETE SET NULL (driver_id),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE SET NULL (vehicle_id)
);
CREATE INDEX route_jobs_org_day ON route_jobs (org_id, scheduled_date, scheduled_arrival);
CREATE INDEX route_jobs_vehicle_open ON route_jobs (vehicle_id, scheduled_date) WHERE status <> 'finished';
CREATE INDEX route_jobs_driver_day ON route_jobs (driver_id, scheduled_date);

-- An uploaded CSV waiting for the dispatcher's decision (preview, then save all or valid rows only).
CREATE TABLE route_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  file_name text NOT NULL,
  total_rows integer NOT NULL,
  valid_rows jsonb NOT NULL,
  errors jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
);

-- "Optimise the day": the queued solver run and its proposal until the dispatcher accepts it.
CREATE TABLE route_optimizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  day date NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'draft', 'accepted', 'failed')),
  progress jsonb NOT NULL DEFAULT '{}',
  proposal jsonb,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, created_by) REFERENCES users (org_id, id) ON DELETE SET NULL (created_by)
);
CREATE INDEX route_optimizations_org ON route_optimizations (org_id, created_at DESC);

-- Time attendance: a rule is a start-hour threshold; a user follows at most one rule (applying replaces it).
CREATE TABLE attendance_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  start_threshold time NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id)
);

CREATE TABLE attendance_rule_users (
  org_id uuid NOT NULL,
  user_id uuid NOT NULL,
  rule_id uuid NOT NULL,
  PRIMARY KEY (org_id, user_id),
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, rule_id) REFERENCES attendance_rules (org_id, id) ON DELETE CASCADE
);

CREATE TABLE attendance_days (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  user_id uuid NOT NULL,
  day date NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  threshold time,
  late boolean NOT NULL DEFAULT false,
  start_lat double precision,
  start_lon double precision,
  UNIQUE (org_id, user_id, day),
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
);
CREATE INDEX attendance_days_org_day ON attendance_days (org_id, day);
