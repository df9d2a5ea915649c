-- A route job whose live ETA falls after its arrival plus the margin becomes an alert type (job_eta_late), raised
-- once per job visit through the policies; eta_alerted_at is that once-only mark.
ALTER TABLE alert_policies DROP CONSTRAINT alert_policies_alert_type_check;
ALTER TABLE alert_policies ADD CONSTRAINT alert_policies_alert_type_check CHECK (alert_type IN (
  'speeding', 'geofence_enter', 'geofence_exit', 'geofence_dwell', 'ignition_on', 'ignition_off', 'idling',
  'movement_outside_hours', 'device_fault', 'device_alarm', 'unseen', 'job_eta_late', 'job_late', 'job_missed'));
ALTER TABLE route_jobs ADD COLUMN eta_alerted_at timestamptz;
