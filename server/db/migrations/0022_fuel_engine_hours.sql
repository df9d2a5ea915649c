-- The engine-hours reading entered with a refuel (docs/maintenance.md): plant and trucks measured by running time log
-- fuel against engine hours (l/h), and a vehicle without a device takes its current hours from the highest reading.
-- Same unit, rounding and bound as the service's reading (0019_maintenance_engine_hours.sql).
ALTER TABLE maintenance_fuel_reports ADD COLUMN engine_hours numeric(12, 1) CHECK (engine_hours >= 0);
