-- Telematics: stored positions (monthly partitions, one year kept), live vehicle state,
-- unknown devices, immobilisation commands, live subscriptions.

CREATE TABLE positions (
  org_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  device_id text NOT NULL,
  fix_time timestamptz NOT NULL,
  server_time timestamptz NOT NULL DEFAULT now(),
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  speed_kmh real NOT NULL DEFAULT 0,
  course real NOT NULL DEFAULT 0,
  altitude real NOT NULL DEFAULT 0,
  satellites smallint NOT NULL DEFAULT 0,
  ignition boolean,
  valid boolean NOT NULL DEFAULT true,
  odometer_m double precision NOT NULL DEFAULT 0,
  attributes jsonb NOT NULL DEFAULT '{}',
  -- A resent record (same vehicle, same fix time) is a duplicate and is dropped by ON CONFLICT DO NOTHING.
  PRIMARY KEY (vehicle_id, fix_time)
) PARTITION BY RANGE (fix_time);

-- Creates the monthly partitions positions_YYYYMM covering [from_ts, to_ts]; returns how many were created.
CREATE FUNCTION flota_ensure_position_partitions(from_ts timestamptz, to_ts timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  m timestamptz := date_trunc('month', from_ts AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  created integer := 0;
  part text;
BEGIN
  WHILE m <= to_ts LOOP
    part := 'positions_' || to_char(m AT TIME ZONE 'UTC', 'YYYYMM');
    IF to_regclass(part) IS NULL THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF positions FOR VALUES FROM (%L) TO (%L)',
        part, m, (m AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC');
      created := created + 1;
    END IF;
    m := (m AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';
  END LOOP;
  RETURN created;
END $$;

-- Drops partitions whose whole range ends before cutoff; returns their names.
CREATE FUNCTION flota_drop_position_partitions(cutoff timestamptz) RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  upper_bound timestamptz;
BEGIN
  FOR r IN
    SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'positions'::regclass
  LOOP
    upper_bound := substring(r.bound FROM 'TO \(''([^'']+)''\)')::timestamptz;
    IF upper_bound IS NOT NULL AND upper_bound <= cutoff THEN
      EXECUTE format('DROP TABLE %I', r.relname);
      RETURN NEXT r.relname;
    END IF;
  END LOOP;
END $$;

SELECT flota_ensure_position_partitions(now() - interval '13 months', now() + interval '2 months');

CREATE TABLE vehicle_state (
  vehicle_id uuid PRIMARY KEY REFERENCES vehicles(id) ON DELETE CASCADE,
  org_id uuid NOT NULL,
  device_id text,
  lat double precision,
  lon double precision,
  speed_kmh real NOT NULL DEFAULT 0,
  course real NOT NULL DEFAULT 0,
  altitude real NOT NULL DEFAULT 0,
  satellites smallint NOT NULL DEFAULT 0,
  valid boolean NOT NULL DEFAULT false,
  ignition boolean,
  odometer_m double precision NOT NULL DEFAULT 0,
  device_odometer_m double precision,
  engine_hours_s double precision NOT NULL DEFAULT 0,
  last_fix_time timestamptz,
  last_server_time timestamptz,
  -- Since when the vehicle has been in its current motion state (stopped/idling/moving): stops and idle time.
  state_since timestamptz,
  -- Antenna fault: one bit per recent record (newest lowest), 1 = no fix / no satellites.
  recent_fix_bits integer NOT NULL DEFAULT 0,
  recent_count smallint NOT NULL DEFAULT 0,
  -- Ignition fault: seconds of movement reported without any ignition information.
  moving_without_ignition_s double precision NOT NULL DEFAULT 0,
  ignition_seen boolean NOT NULL DEFAULT false,
  faults text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vehicle_state_org ON vehicle_state (org_id);

CREATE TABLE unknown_devices (
  identifier text NOT NULL,
  protocol text NOT NULL,
  remote_address text,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 1,
  PRIMARY KEY (identifier, protocol)
);
CREATE INDEX unknown_devices_last_seen ON unknown_devices (last_seen DESC);

CREATE TABLE device_commands (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  device_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('block', 'unblock')),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Blocked', 'Unblocked', 'Failed')),
  requested_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz,
  response text,
  error text,
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, requested_by) REFERENCES users (org_id, id) ON DELETE SET NULL (requested_by)
);
CREATE INDEX device_commands_org ON device_commands (org_id, created_at DESC);
CREATE INDEX device_commands_vehicle ON device_commands (vehicle_id, created_at DESC);

-- Live position subscriptions (spec section 7): a channel (markers-/list-/tms-<user>-<epoch>) holds vehicles.
CREATE TABLE live_subscriptions (
  org_id uuid NOT NULL,
  user_id uuid NOT NULL,
  channel text NOT NULL,
  vehicle_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, channel, vehicle_id),
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE
);
CREATE INDEX live_subscriptions_created ON live_subscriptions (created_at);
