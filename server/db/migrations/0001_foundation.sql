-- Foundation: tenants, people, access, fleet configuration, sessions.
CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  legal_name text,
  business_number text,
  fiscal_number text,
  country text,
  province text,
  region text,
  city text,
  postal_code text,
  address text,
  phone text,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organization_settings (
  org_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  attendance_enabled boolean NOT NULL DEFAULT false,
  attendance_start_threshold time NOT NULL DEFAULT '10:00',
  checkin_radius_m integer NOT NULL DEFAULT 100 CHECK (checkin_radius_m BETWEEN 10 AND 10000),
  checkout_radius_m integer NOT NULL DEFAULT 100 CHECK (checkout_radius_m BETWEEN 10 AND 10000),
  self_assign_jobs boolean NOT NULL DEFAULT false,
  timezone text NOT NULL DEFAULT 'Europe/Tirane',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  key text NOT NULL,
  name text NOT NULL,
  permissions text[] NOT NULL DEFAULT '{}',
  options jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, key),
  UNIQUE (org_id, id)
);

CREATE TABLE teams (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id)
);
CREATE UNIQUE INDEX teams_org_name ON teams (org_id, lower(name));

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  email text,
  password_hash text,
  first_name text NOT NULL,
  middle_name text,
  last_name text NOT NULL,
  birthday date,
  personal_number text,
  phone text,
  role_id uuid NOT NULL,
  team_id uuid,
  is_driver boolean NOT NULL DEFAULT false,
  web_only boolean NOT NULL DEFAULT false,
  vehicle_access text NOT NULL DEFAULT 'all' CHECK (vehicle_access IN ('all', 'selected')),
  default_language text NOT NULL DEFAULT 'al' CHECK (default_language IN ('al', 'en')),
  active boolean NOT NULL DEFAULT true,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, role_id) REFERENCES roles (org_id, id),
  FOREIGN KEY (org_id, team_id) REFERENCES teams (org_id, id) ON DELETE SET NULL (team_id)
);
CREATE UNIQUE INDEX users_email ON users (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX users_org ON users (org_id, last_name, first_name);

CREATE TABLE vehicles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  registration text NOT NULL,
  category text NOT NULL CHECK (category IN ('Truck', 'Van', 'Car')),
  fuel text,
  identifier_name text,
  chassis_number text,
  fuel_consumption numeric(6, 2),
  tank_volume numeric(7, 1),
  vehicle_year integer CHECK (vehicle_year BETWEEN 1950 AND 2100),
  size text,
  purchase_price numeric(12, 2),
  estimated_consumption numeric(6, 2),
  electric boolean NOT NULL DEFAULT false,
  fleet_number text,
  business_number text,
  fiscal_number text,
  country text,
  province text,
  region text,
  postal_code text,
  team_id uuid,
  driver_id uuid,
  device_imei text,
  device_protocol text CHECK (device_protocol IN ('teltonika', 'gt06', 'osmand', 'h02')),
  odometer_km numeric(12, 1) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, team_id) REFERENCES teams (org_id, id) ON DELETE SET NULL (team_id),
  FOREIGN KEY (org_id, driver_id) REFERENCES users (org_id, id) ON DELETE SET NULL (driver_id)
);
CREATE UNIQUE INDEX vehicles_org_registration ON vehicles (org_id, upper(registration));
CREATE UNIQUE INDEX vehicles_device ON vehicles (device_imei) WHERE device_imei IS NOT NULL;

CREATE TABLE vehicle_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  content_type text NOT NULL,
  byte_size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE
);
CREATE INDEX vehicle_images_vehicle ON vehicle_images (vehicle_id, created_at);

CREATE TABLE user_vehicles (
  org_id uuid NOT NULL,
  user_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  PRIMARY KEY (user_id, vehicle_id),
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  user_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  socket_token_hash text NOT NULL UNIQUE,
  csrf_token text NOT NULL,
  kind text NOT NULL DEFAULT 'web' CHECK (kind IN ('web', 'api', 'sso')),
  scope text NOT NULL DEFAULT 'web',
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_key ON login_attempts (key, created_at);

CREATE TABLE password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  user_id uuid NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
);
CREATE INDEX password_resets_user ON password_resets (user_id, created_at DESC);

CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
