-- Maintenance by engine hours and the organisation's fuel tolerances (docs/maintenance.md).
-- A reminder may also (or only) count engine hours: interval, "remind before" and the reading it counts from.
ALTER TABLE maintenance_reminders ADD COLUMN interval_hours integer CHECK (interval_hours > 0);
ALTER TABLE maintenance_reminders ADD COLUMN before_hours integer NOT NULL DEFAULT 0 CHECK (before_hours >= 0);
ALTER TABLE maintenance_reminders ADD COLUMN base_engine_hours numeric(12, 1) NOT NULL DEFAULT 0;
ALTER TABLE maintenance_reminders DROP CONSTRAINT maintenance_reminders_check;
ALTER TABLE maintenance_reminders ADD CONSTRAINT maintenance_reminders_interval
  CHECK (interval_days IS NOT NULL OR interval_km IS NOT NULL OR interval_hours IS NOT NULL);

-- The engine-hours reading entered with a service (a vehicle without a device takes its hours from here).
ALTER TABLE maintenance_services ADD COLUMN engine_hours numeric(12, 1) CHECK (engine_hours >= 0);

-- Per organisation: how far a full-tank consumption may be from the estimate (percent) and an entered odometer from
-- the telematics one (km) before the fuel and service lists flag it. No row: the defaults.
CREATE TABLE maintenance_settings (
  org_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  consumption_tolerance_pct integer NOT NULL DEFAULT 30 CHECK (consumption_tolerance_pct BETWEEN 5 AND 100),
  odometer_tolerance_km integer NOT NULL DEFAULT 50 CHECK (odometer_tolerance_km BETWEEN 1 AND 1000),
  updated_at timestamptz NOT NULL DEFAULT now()
);
