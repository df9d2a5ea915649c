-- Transport management (TMS): delivery orders, optimisations (plans loading orders onto trucks), depots and
-- settings, public tracking tokens and integration API keys. Weights in kg, delivery windows in minutes after
-- midnight (organisation time), coordinates WGS84.

CREATE TABLE tms_settings (
  org_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  service_minutes integer NOT NULL DEFAULT 5 CHECK (service_minutes BETWEEN 0 AND 240),
  weight_unit text NOT NULL DEFAULT 'kg' CHECK (weight_unit IN ('kg', 't', 'lb')),
  packet_unit text NOT NULL DEFAULT 'packets' CHECK (packet_unit IN ('packets', 'pallets', 'boxes', 'crates')),
  window_start integer NOT NULL DEFAULT 480 CHECK (window_start BETWEEN 0 AND 1440),
  window_end integer NOT NULL DEFAULT 1080 CHECK (window_end BETWEEN 0 AND 1440),
  time_limit_s integer NOT NULL DEFAULT 10 CHECK (time_limit_s BETWEEN 1 AND 600),
  arrival_radius_m integer NOT NULL DEFAULT 150 CHECK (arrival_radius_m BETWEEN 20 AND 5000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (window_start < window_end)
);

CREATE TABLE tms_depots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  UNIQUE (org_id, name)
);

-- A plan for one day: the orders chosen, the trucks with their capacity, the solver's result.
CREATE TABLE tms_optimizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  day date NOT NULL,
  depot_id uuid,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'completed')),
  run_state text NOT NULL DEFAULT 'idle' CHECK (run_state IN ('idle', 'queued', 'running', 'done', 'failed')),
  progress jsonb,
  -- [{ vehicle_id, capacity_weight, capacity_packets }]
  trucks jsonb NOT NULL DEFAULT '[]',
  -- { routes: [{ vehicle_id, distance_m, duration_s, geometry: [[lon,lat]…] }], unassigned: [{ order_id, reason }] }
  result jsonb,
  dispatched_at timestamptz,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, depot_id) REFERENCES tms_depots (org_id, id) ON DELETE SET NULL (depot_id)
);
CREATE INDEX tms_optimizations_org_day ON tms_optimizations (org_id, day DESC);

CREATE TABLE tms_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  order_id text NOT NULL,
  client_order_id text,
  customer_code text NOT NULL,
  customer_name text,
  address text,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  region text,
  business text,
  packets integer NOT NULL DEFAULT 0 CHECK (packets >= 0),
  weight numeric(12, 2) NOT NULL DEFAULT 0 CHECK (weight >= 0),
  sales_agent text,
  delivery_date_at date NOT NULL,
  window_start integer CHECK (window_start BETWEEN 0 AND 1440),
  window_end integer CHECK (window_end BETWEEN 0 AND 1440),
  notes text,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'STARTED', 'FINISHED')),
  optimization_id uuid,
  vehicle_id uuid,
  sequence integer,
  eta timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  finished_by text CHECK (finished_by IN ('driver', 'arrival', 'api', 'planner')),
  tracking_token text UNIQUE,
  tracking_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  UNIQUE (org_id, order_id),
  CHECK (window_start IS NULL OR window_end IS NULL OR window_start < window_end),
  FOREIGN KEY (org_id, optimization_id) REFERENCES tms_optimizations (org_id, id) ON DELETE SET NULL (optimization_id),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE SET NULL (vehicle_id)
);
CREATE INDEX tms_orders_org_day ON tms_orders (org_id, delivery_date_at, status);
CREATE INDEX tms_orders_plan ON tms_orders (org_id, optimization_id, vehicle_id, sequence);
CREATE INDEX tms_orders_started ON tms_orders (org_id, vehicle_id) WHERE status = 'STARTED';

-- Keys an organisation's own systems use on /api/integrations; only the hash is kept.
CREATE TABLE tms_api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  UNIQUE (org_id, id)
);
