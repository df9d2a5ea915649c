-- Geofence visits derived from positions as they arrive, next to the segments (docs/analytics.md, "Visits").
-- A visit is open (exit_time NULL) while the vehicle is inside; late positions re-derive it with the segments.
CREATE TABLE geofence_visits (
  org_id uuid NOT NULL,
  vehicle_id uuid NOT NULL,
  place_id uuid NOT NULL,
  enter_time timestamptz NOT NULL,
  exit_time timestamptz,
  driver_id uuid,
  enter_lat double precision NOT NULL,
  enter_lon double precision NOT NULL,
  exit_lat double precision,
  exit_lon double precision,
  enter_odometer_m double precision NOT NULL DEFAULT 0,
  exit_odometer_m double precision,
  PRIMARY KEY (vehicle_id, place_id, enter_time),
  CHECK (exit_time IS NULL OR exit_time >= enter_time),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, place_id) REFERENCES places (org_id, id) ON DELETE CASCADE
);
CREATE INDEX geofence_visits_org_time ON geofence_visits (org_id, enter_time);
CREATE INDEX geofence_visits_vehicle_time ON geofence_visits (vehicle_id, enter_time);
CREATE INDEX geofence_visits_place ON geofence_visits (place_id);
CREATE INDEX geofence_visits_open ON geofence_visits (vehicle_id) WHERE exit_time IS NULL;
