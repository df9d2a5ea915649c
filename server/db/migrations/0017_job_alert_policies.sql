-- Route planning's late and missed jobs become alert types users choose in a policy (recipients, e-mail,
-- time range, daily limit, vehicles), like every other type. The constraint's name is PostgreSQL's default.
ALTER TABLE alert_policies DROP CONSTRAINT alert_policies_alert_type_check;
ALTER TABLE alert_policies ADD CONSTRAINT alert_policies_alert_type_check CHECK (alert_type IN (
  'speeding', 'geofence_enter', 'geofence_exit', 'geofence_dwell', 'ignition_on', 'ignition_off', 'idling',
  'movement_outside_hours', 'device_fault', 'device_alarm', 'unseen', 'job_late', 'job_missed'));
