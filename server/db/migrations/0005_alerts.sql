-- Alerts: policies (who, what, when, whom), the alert log, in-app notifications, limit counters
-- and the per-vehicle engine state that must survive a restart.

CREATE TABLE alert_policies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  alert_type text NOT NULL CHECK (alert_type IN (
    'speeding', 'geofence_enter', 'geofence_exit', 'geofence_dwell', 'ignition_on', 'ignition_off', 'idling',
    'movement_outside_hours', 'device_fault', 'device_alarm', 'unseen')),
  active boolean NOT NULL DEFAULT true,
  all_vehicles boolean NOT NULL DEFAULT false,
  all_geofences boolean NOT NULL DEFAULT true,
  speed_limit_kmh real CHECK (speed_limit_kmh > 0 AND speed_limit_kmh <= 400),
  duration_min integer CHECK (duration_min > 0 AND duration_min <= 10080),
  alarm_kinds text[] NOT NULL DEFAULT '{}',
  fault_kinds text[] NOT NULL DEFAULT '{}',
  -- local times in the organisation's time zone; from > to wraps midnight; null = the whole day
  time_from time,
  time_to time,
  -- 0 = Sunday … 6 = Saturday
  days smallint[] NOT NULL DEFAULT '{0,1,2,3,4,5,6}',
  daily_limit integer CHECK (daily_limit > 0),
  driver_limit integer CHECK (driver_limit > 0),
  notify_in_app boolean NOT NULL DEFAULT true,
  notify_email boolean NOT NULL DEFAULT false,
  emails text[] NOT NULL DEFAULT '{}',
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  CHECK ((time_from IS NULL) = (time_to IS NULL))
);
CREATE INDEX alert_policies_org_name ON alert_policies (org_id, lower(name));

CREATE TABLE alert_policy_vehicles (
  org_id uuid NOT NULL,
  policy_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  PRIMARY KEY (policy_id, vehicle_id),
  FOREIGN KEY (org_id, policy_id) REFERENCES alert_policies (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE
);
CREATE INDEX alert_policy_vehicles_vehicle ON alert_policy_vehicles (vehicle_id);

CREATE TABLE alert_policy_teams (
  org_id uuid NOT NULL,
  policy_id uuid NOT NULL,
  team_id uuid NOT NULL,
  PRIMARY KEY (policy_id, team_id),
  FOREIGN KEY (org_id, policy_id) REFERENCES alert_policies (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, team_id) REFERENCES teams (org_id, id) ON DELETE CASCADE
);

CREATE TABLE alert_policy_geofences (
  org_id uuid NOT NULL,
  policy_id uuid NOT NULL,
  place_id uuid NOT NULL,
  PRIMARY KEY (policy_id, place_id),
  FOREIGN KEY (org_id, policy_id) REFERENCES alert_policies (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, place_id) REFERENCES places (org_id, id) ON DELETE CASCADE
);

CREATE TABLE alert_policy_recipients (
  org_id uuid NOT NULL,
  policy_id uuid NOT NULL,
  user_id uuid NOT NULL,
  PRIMARY KEY (policy_id, user_id),
  FOREIGN KEY (org_id, policy_id) REFERENCES alert_policies (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
);

-- The log keeps an alert after its policy, geofence or driver is deleted (names are copied).
CREATE TABLE alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  policy_id uuid,
  policy_name text NOT NULL,
  alert_type text NOT NULL,
  vehicle_id uuid NOT NULL,
  driver_id uuid,
  place_id uuid,
  place_name text,
  occurred_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  lat double precision,
  lon double precision,
  speed_kmh real,
  details jsonb NOT NULL DEFAULT '{}',
  email_status text NOT NULL DEFAULT 'none' CHECK (email_status IN ('none', 'pending', 'sent', 'failed')),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, policy_id) REFERENCES alert_policies (org_id, id) ON DELETE SET NULL (policy_id),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, driver_id) REFERENCES users (org_id, id) ON DELETE SET NULL (driver_id),
  FOREIGN KEY (org_id, place_id) REFERENCES places (org_id, id) ON DELETE SET NULL (place_id)
);
CREATE INDEX alerts_org_time ON alerts (org_id, occurred_at DESC, id);
CREATE INDEX alerts_vehicle_time ON alerts (vehicle_id, occurred_at DESC);
CREATE INDEX alerts_policy_time ON alerts (policy_id, occurred_at DESC);
CREATE INDEX alerts_email_pending ON alerts (created_at) WHERE email_status = 'pending';

-- In-app notifications: one row per recipient user; unread until read_at is set.
CREATE TABLE alert_notifications (
  org_id uuid NOT NULL,
  alert_id uuid NOT NULL,
  user_id uuid NOT NULL,
  read_at timestamptz,
  PRIMARY KEY (alert_id, user_id),
  FOREIGN KEY (org_id, alert_id) REFERENCES alerts (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
);
CREATE INDEX alert_notifications_unread ON alert_notifications (user_id) WHERE read_at IS NULL;

-- Daily limit (per vehicle) and limit per driver: alerts raised per policy, subject and local day.
CREATE TABLE alert_counters (
  policy_id uuid NOT NULL REFERENCES alert_policies(id) ON DELETE CASCADE,
  subject text NOT NULL,
  day date NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (policy_id, subject, day)
);
CREATE INDEX alert_counters_day ON alert_counters (day);

-- The engine's memory per vehicle (geofences it is in, marks per policy), written with the positions.
ALTER TABLE vehicle_state ADD COLUMN alert_state jsonb NOT NULL DEFAULT '{}';

-- Bumped by any change the engine's per-organisation rules depend on, so every process reloads them.
CREATE TABLE alert_config_versions (
  org_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 1
);

-- Each table's own columns are read only inside its branch (PL/pgSQL resolves every field named in an expression).
CREATE FUNCTION flota_bump_alert_config() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN org := OLD.org_id; ELSE org := NEW.org_id; END IF;
  IF TG_TABLE_NAME = 'places' THEN
    IF TG_OP = 'DELETE' THEN
      IF OLD.kind <> 'geofence' THEN RETURN NULL; END IF;
    ELSIF TG_OP = 'INSERT' THEN
      IF NEW.kind <> 'geofence' THEN RETURN NULL; END IF;
    ELSIF NEW.kind <> 'geofence' AND OLD.kind <> 'geofence' THEN
      RETURN NULL;
    END IF;
  ELSIF TG_TABLE_NAME = 'vehicles' THEN
    IF TG_OP = 'UPDATE' THEN
      IF OLD.team_id IS NOT DISTINCT FROM NEW.team_id AND OLD.driver_id IS NOT DISTINCT FROM NEW.driver_id THEN
        RETURN NULL;
      END IF;
    END IF;
  END IF;
  -- (an organisation being deleted cascades here too: nothing to bump then)
  INSERT INTO alert_config_versions (org_id, version) SELECT org, 1 WHERE EXISTS (SELECT 1 FROM organizations WHERE id = org)
    ON CONFLICT (org_id) DO UPDATE SET version = alert_config_versions.version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER alert_policies_bump AFTER INSERT OR UPDATE OR DELETE ON alert_policies FOR EACH ROW EXECUTE FUNCTION flota_bump_alert_config();
CREATE TRIGGER alert_policy_vehicles_bump AFTER INSERT OR UPDATE OR DELETE ON alert_policy_vehicles FOR EACH ROW EXECUTE FUNCTION flota_bump_alert_config();
CREATE TRIGGER alert_policy_teams_bump AFTER INSERT OR UPDATE OR DELETE ON alert_policy_teams FOR EACH ROW EXECUTE FUNCTION flota_bump_alert_config();
CREATE TRIGGER alert_policy_geofences_bump AFTER INSERT OR UPDATE OR DELETE ON alert_policy_geofences FOR EACH ROW EXECUTE FUNCTION flota_bump_alert_config();
CREATE TRIGGER alert_policy_recipients_bump AFTER INSERT OR UPDATE OR DELETE ON alert_policy_recipients FOR EACH ROW EXECUTE FUNCTION flota_bump_alert_config();
CREATE TRIGGER places_alert_bump AFTER INSERT OR UPDATE OR DELETE ON places FOR EACH ROW EXECUTE FUNCTION flota_bump_alert_config();
CREATE TRIGGER vehicles_alert_bump AFTER INSERT OR UPDATE OR DELETE ON vehicles FOR EACH ROW EXECUTE FUNCTION flota_bump_alert_config();
