-- Integration events and webhooks (docs/integrations.md).
-- `events` is the outbox: a module writes its event in the same transaction as the change it describes, so an
-- event exists exactly when its change committed; the dispatcher reads undispatched rows in `seq` order and fans
-- them out to the webhooks subscribed to them (one `webhook_deliveries` row each).

CREATE TABLE events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  type text NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  data jsonb NOT NULL,
  dispatched_at timestamptz,
  UNIQUE (org_id, id),
  UNIQUE (seq)
);
CREATE INDEX events_undispatched ON events (seq) WHERE dispatched_at IS NULL;
CREATE INDEX events_org_time ON events (org_id, occurred_at);

CREATE TABLE webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  url text NOT NULL,
  description text,
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  secret text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_by uuid,
  -- the first failed attempt of the current run of failures; a success clears it; a day of it switches the webhook off
  failing_since timestamptz,
  disabled_reason text CHECK (disabled_reason IN ('failing')),
  -- one delivery run per webhook at a time (events go out in order): the run holds this lease while it works
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, created_by) REFERENCES users (org_id, id) ON DELETE SET NULL (created_by)
);
CREATE INDEX webhooks_org ON webhooks (org_id, created_at);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  webhook_id uuid NOT NULL,
  event_id uuid NOT NULL,
  event_seq bigint NOT NULL,
  event_type text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  response_status integer,
  error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (webhook_id, event_id),
  FOREIGN KEY (org_id, webhook_id) REFERENCES webhooks (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, event_id) REFERENCES events (org_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, created_at DESC);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, event_seq) WHERE status = 'pending';
