-- The driver's phone (issue 27): Web Push keys and subscriptions, the organisation's vehicle check and its results,
-- proof of delivery for transport orders.

-- The installation's VAPID key pair, generated on first start (push.service.ts): one row, the application server's
-- identity towards every push service. Installation-wide like app_meta, so no org_id.
CREATE TABLE push_vapid_keys (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per device (the push service's endpoint is the device's browser); the same endpoint subscribed again by
-- another user moves to that user. Removed when the push service answers 404 or 410.
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz,
  FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE CASCADE
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (org_id, user_id);

-- The organisation's checklist: a preset item (lights, tyres, damage) shows in the reader's language, an own item
-- shows its label. photo: a failed item asks for a photo. An organisation without rows checks the three presets.
CREATE TABLE vehicle_check_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  position integer NOT NULL,
  preset text CHECK (preset IN ('lights', 'tyres', 'damage')),
  label text,
  photo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (preset IS NOT NULL OR label IS NOT NULL),
  UNIQUE (org_id, id)
);
CREATE INDEX vehicle_check_items_org ON vehicle_check_items (org_id, position);
-- One driver's check of one vehicle on one day. items is a snapshot of the list as answered (label, ok, note,
-- photo key), so editing the checklist later never changes a past check.
CREATE TABLE vehicle_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  vehicle_id uuid NOT NULL,
  driver_id uuid,
  day date NOT NULL,
  passed boolean NOT NULL,
  items jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, driver_id) REFERENCES users (org_id, id) ON DELETE SET NULL (driver_id)
);
CREATE INDEX vehicle_checks_vehicle ON vehicle_checks (org_id, vehicle_id, day DESC);
CREATE INDEX vehicle_checks_driver ON vehicle_checks (org_id, driver_id, day DESC);

-- Proof of delivery: one per order, the photo in the media store (FLOTA_STORAGE_DIR), the recipient's name, when and
-- where (the phone's position, when it gave one).
CREATE TABLE tms_proofs_of_delivery (
  order_id uuid PRIMARY KEY,
  org_id uuid NOT NULL,
  recipient_name text NOT NULL,
  photo_key text NOT NULL,
  photo_type text NOT NULL,
  photo_bytes integer NOT NULL,
  latitude double precision,
  longitude double precision,
  delivered_at timestamptz NOT NULL DEFAULT now(),
  recorded_by uuid,
  FOREIGN KEY (org_id, order_id) REFERENCES tms_orders (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, recorded_by) REFERENCES users (org_id, id) ON DELETE SET NULL (recorded_by)
);
