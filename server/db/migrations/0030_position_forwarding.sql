-- Position forwarding (docs/integrations.md, "Position forwarding"): per organisation, the systems every stored
-- position is pushed to in signed JSON batches, over HTTP(S) or MQTT. The delivery columns are written by the
-- forwarders of every process that stores positions (counts are added, never overwritten).
CREATE TABLE forwarding_targets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('http', 'mqtt')),
  url text NOT NULL,
  topic text,
  secret text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  last_status text CHECK (last_status IN ('ok', 'failed')),
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  sent_count bigint NOT NULL DEFAULT 0,
  failed_batches bigint NOT NULL DEFAULT 0,
  dropped_count bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  CHECK (kind <> 'mqtt' OR topic IS NOT NULL)
);
CREATE UNIQUE INDEX forwarding_targets_org_name ON forwarding_targets (org_id, lower(name));
-- the forwarders reload the active targets every few seconds
CREATE INDEX forwarding_targets_active ON forwarding_targets (org_id) WHERE active;
