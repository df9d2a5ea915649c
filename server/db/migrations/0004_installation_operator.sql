-- The organisation that runs the installation (the first one created). Only its administrators see
-- device identifiers that no organisation has claimed yet, since those belong to no tenant.
ALTER TABLE organizations ADD COLUMN is_operator boolean NOT NULL DEFAULT false;
UPDATE organizations SET is_operator = true
 WHERE id = (SELECT id FROM organizations ORDER BY created_at, id LIMIT 1);
