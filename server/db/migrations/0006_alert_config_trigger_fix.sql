-- 0005's flota_bump_alert_config() read OLD.team_id in one IF expression for every table, so PostgreSQL
-- refused every insert or update on places ("record old has no field team_id"). Each table's fields are now
-- read only inside that table's own branch.
CREATE OR REPLACE FUNCTION flota_bump_alert_config() RETURNS trigger LANGUAGE plpgsql AS $$
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
