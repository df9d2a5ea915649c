-- Route planning: an accepted "optimise the day" keeps each visit's place in its vehicle's optimised route and the
-- optimiser's arrival (organisation's wall clock on scheduled_date), beside the customer's scheduled window, which
-- stays as agreed. A manual reassignment to another vehicle clears both; a later accepted optimisation replaces them.
-- Written to run again harmlessly (the file may be renumbered at merge on a database that already has it).
ALTER TABLE route_jobs ADD COLUMN IF NOT EXISTS planned_sequence integer CHECK (planned_sequence > 0);
ALTER TABLE route_jobs ADD COLUMN IF NOT EXISTS planned_arrival time;
ALTER TABLE route_jobs DROP CONSTRAINT IF EXISTS route_jobs_planned_both;
ALTER TABLE route_jobs ADD CONSTRAINT route_jobs_planned_both CHECK ((planned_sequence IS NULL) = (planned_arrival IS NULL));
CREATE INDEX IF NOT EXISTS route_jobs_vehicle_plan ON route_jobs (org_id, scheduled_date, vehicle_id, planned_sequence) WHERE planned_sequence IS NOT NULL;
