-- Places: points of interest and geofences (circle or polygon), without PostGIS.
-- Coordinates in WGS84 degrees; polygons as jsonb arrays of [lon, lat] (open ring);
-- the bounding box columns let the alert engine prefilter with plain btree comparisons.
CREATE TABLE places (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('poi', 'geofence')),
  shape text NOT NULL CHECK (shape IN ('point', 'circle', 'polygon')),
  name text NOT NULL,
  category text NOT NULL,
  city text,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  icon text NOT NULL DEFAULT 'pin',
  icon_color text NOT NULL DEFAULT '#2563eb',
  radius_m double precision CHECK (radius_m BETWEEN 10 AND 100000),
  polygon jsonb,
  min_lat double precision NOT NULL,
  max_lat double precision NOT NULL,
  min_lon double precision NOT NULL,
  max_lon double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  CHECK ((kind = 'poi') = (shape = 'point')),
  CHECK (shape <> 'circle' OR radius_m IS NOT NULL),
  CHECK (shape <> 'polygon' OR jsonb_typeof(polygon) = 'array')
);
CREATE INDEX places_org_kind_name ON places (org_id, kind, lower(name));
CREATE INDEX places_org_bbox ON places (org_id, min_lat, max_lat, min_lon, max_lon);

-- A parsed upload waiting for the user's decision (save, or save the valid rows only).
CREATE TABLE place_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  file_name text NOT NULL,
  format text NOT NULL,
  total_rows integer NOT NULL,
  valid_rows jsonb NOT NULL,
  errors jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
);
CREATE INDEX place_imports_created ON place_imports (created_at);
