-- A vehicle check made offline is sent by the phone's queue until the phone sees the answer; sent twice (the answer
-- lost on the way), it is the same check. fingerprint: the driver's vehicle, the time the phone made it and every
-- answer (notes and photos included); the same one again is answered with the stored check, never stored twice.
ALTER TABLE vehicle_checks ADD COLUMN fingerprint text;
CREATE UNIQUE INDEX vehicle_checks_fingerprint ON vehicle_checks (org_id, driver_id, fingerprint)
  WHERE fingerprint IS NOT NULL;
