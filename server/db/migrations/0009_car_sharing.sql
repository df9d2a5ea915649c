-- Car sharing: pool vehicles, bookings, general settings, specific rules, entries (purposes, destinations).
-- Overlaps are refused by PostgreSQL itself: exclusion constraints on half-open ranges [start, end), so a booking
-- ending at 10:00 and the next starting at 10:00 do not overlap (docs/car-sharing.md).
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE car_sharing_settings (
  org_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  min_duration_min integer NOT NULL DEFAULT 30 CHECK (min_duration_min IN (15, 30, 45, 60, 90, 120)),
  max_duration_min integer NOT NULL DEFAULT 480 CHECK (max_duration_min IN (240, 360, 480, 600, 720, 1440)),
  advance_days integer NOT NULL DEFAULT 30 CHECK (advance_days IN (7, 14, 30, 60, 90)),
  max_future_bookings integer NOT NULL DEFAULT 3 CHECK (max_future_bookings BETWEEN 1 AND 5),
  min_lead_min integer NOT NULL DEFAULT 0 CHECK (min_lead_min IN (0, 15, 30, 60, 120)),
  reminder_min integer NOT NULL DEFAULT 30 CHECK (reminder_min IN (5, 15, 30, 60, 120)),
  -- seven entries, Sunday first: {"from": "HH:mm", "to": "HH:mm"} (to may be "24:00") or null (no booking that day)
  allowed_hours jsonb NOT NULL DEFAULT '[{"from":"00:00","to":"24:00"},{"from":"00:00","to":"24:00"},{"from":"00:00","to":"24:00"},{"from":"00:00","to":"24:00"},{"from":"00:00","to":"24:00"},{"from":"00:00","to":"24:00"},{"from":"00:00","to":"24:00"}]',
  no_show_grace_min integer NOT NULL DEFAULT 30 CHECK (no_show_grace_min IN (0, 15, 30, 60, 120)),
  activate_on_ignition boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A user's or a team's own limits; a null column keeps the general setting. A user's rule beats the team's.
CREATE TABLE car_sharing_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id uuid,
  team_id uuid,
  min_duration_min integer CHECK (min_duration_min IN (15, 30, 45, 60, 90, 120)),
  max_duration_min integer CHECK (max_duration_min IN (240, 360, 480, 600, 720, 1440)),
  advance_days integer CHECK (advance_days IN (7, 14, 30, 60, 90)),
  max_future_bookings integer CHECK (max_future_bookings BETWEEN 1 AND 5),
  min_lead_min integer CHECK (min_lead_min IN (0, 15, 30, 60, 120)),
  allowed_hours jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  CHECK (num_nonnulls(user_id, team_id) = 1),
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, team_id) REFERENCES teams (org_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX car_sharing_rules_user ON car_sharing_rules (org_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX car_sharing_rules_team ON car_sharing_rules (org_id, team_id) WHERE team_id IS NOT NULL;

CREATE TABLE car_sharing_vehicles (
  org_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, vehicle_id),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE
);

-- Per-user booking right and notification scope; a user without a row may book and hears about own bookings.
CREATE TABLE car_sharing_users (
  org_id uuid NOT NULL,
  user_id uuid NOT NULL,
  may_book boolean NOT NULL DEFAULT true,
  notification_scope text NOT NULL DEFAULT 'own' CHECK (notification_scope IN ('none', 'own', 'all')),
  PRIMARY KEY (org_id, user_id),
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
);

CREATE TABLE car_sharing_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('purpose', 'destination')),
  label text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id)
);
CREATE UNIQUE INDEX car_sharing_entries_label ON car_sharing_entries (org_id, kind, lower(label));

CREATE TABLE bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('shared', 'personal')),
  destination text NOT NULL,
  purpose_id uuid,
  other_reason text,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  period tstzrange GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED,
  notify_users boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'approved' CHECK (status IN ('approved', 'active', 'completed', 'cancelled', 'unknown')),
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  cancelled_by uuid,
  no_show boolean NOT NULL DEFAULT false,
  reminder_sent_at timestamptz,
  distance_km numeric(10, 1),
  UNIQUE (org_id, id),
  CHECK (ends_at > starts_at),
  CHECK (purpose_id IS NOT NULL OR other_reason IS NOT NULL),
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE,
  -- deleting a purpose that bookings use fails (the entries tab shows the spec's delete failure)
  FOREIGN KEY (org_id, purpose_id) REFERENCES car_sharing_entries (org_id, id) ON DELETE RESTRICT,
  CONSTRAINT bookings_vehicle_overlap EXCLUDE USING gist (org_id WITH =, vehicle_id WITH =, period WITH &&)
    WHERE (status IN ('approved', 'active'))
);
CREATE INDEX bookings_org_start ON bookings (org_id, starts_at);
CREATE INDEX bookings_org_user ON bookings (org_id, user_id, starts_at);
CREATE INDEX bookings_due ON bookings (status, starts_at) WHERE status IN ('approved', 'active');

-- Everyone in a booking (its user and its passengers): one person is never in two live bookings at once.
CREATE TABLE booking_people (
  org_id uuid NOT NULL,
  booking_id uuid NOT NULL,
  user_id uuid NOT NULL,
  role text NOT NULL CHECK (role IN ('driver', 'passenger')),
  period tstzrange NOT NULL,
  live boolean NOT NULL DEFAULT true,
  PRIMARY KEY (booking_id, user_id),
  FOREIGN KEY (org_id, booking_id) REFERENCES bookings (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE,
  CONSTRAINT booking_people_overlap EXCLUDE USING gist (org_id WITH =, user_id WITH =, period WITH &&) WHERE (live)
);
CREATE INDEX booking_people_user ON booking_people (org_id, user_id);
