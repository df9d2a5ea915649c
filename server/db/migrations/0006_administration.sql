-- Installation administration (docs/administration.md): organisation status and device quota,
-- support sessions, and the audit log.

-- 'suspended': nobody of the organisation signs in and its sessions end; its devices' data is still stored.
-- device_quota: the most vehicles with a device identifier the organisation may have; NULL means no limit.
ALTER TABLE organizations
  ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  ADD COLUMN status_changed_at timestamptz,
  ADD COLUMN device_quota integer CHECK (device_quota IS NULL OR device_quota >= 0);

-- A support session: an installation administrator (support_user_id, of the operator organisation) signed in
-- as an organisation's administrator. It hangs off the administrator's own session and ends with it.
ALTER TABLE sessions
  ADD COLUMN support_user_id uuid,
  ADD COLUMN support_parent_id uuid REFERENCES sessions(id) ON DELETE CASCADE;
CREATE INDEX sessions_support_parent ON sessions (support_parent_id) WHERE support_parent_id IS NOT NULL;

-- Who changed what. No foreign key to users: a row outlives its author, whose name is kept as written then.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  user_id uuid,
  user_name text NOT NULL,
  support_user_id uuid,
  support_user_name text,
  entity_type text NOT NULL,
  entity_id text NOT NULL,
  action text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_org_at ON audit_log (org_id, at DESC, id DESC);
CREATE INDEX audit_log_org_entity ON audit_log (org_id, entity_type, at DESC);
CREATE INDEX audit_log_org_user ON audit_log (org_id, user_id, at DESC);
CREATE INDEX audit_log_org_support ON audit_log (org_id, support_user_id, at DESC) WHERE support_user_id IS NOT NULL;

-- Administrators read the audit log (new organisations get it from the role catalogue).
UPDATE roles SET permissions = array_append(permissions, 'audit:read')
 WHERE key = 'administrator' AND NOT ('audit:read' = ANY (permissions));
