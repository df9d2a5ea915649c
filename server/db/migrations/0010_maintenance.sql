-- Maintenance: suppliers, parts with stock movements, service reminders, services and car washes (with parts used
-- and attachments), fuel reports, and the reminder notices sent (exactly once per reminder, cycle and stage).

CREATE TABLE maintenance_suppliers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  category text NOT NULL DEFAULT 'service' CHECK (category IN ('service', 'parts', 'fuel', 'wash', 'other')),
  contact_person text,
  phone text,
  email text,
  address text,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id)
);
CREATE INDEX maintenance_suppliers_org ON maintenance_suppliers (org_id, name);

CREATE TABLE maintenance_parts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  part_number text,
  supplier_id uuid,
  unit_price numeric(12, 2),
  stock numeric(12, 2) NOT NULL DEFAULT 0,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, supplier_id) REFERENCES maintenance_suppliers (org_id, id) ON DELETE SET NULL (supplier_id)
);
CREATE INDEX maintenance_parts_org ON maintenance_parts (org_id, name);

CREATE TABLE maintenance_reminders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  vehicle_id uuid NOT NULL,
  name text NOT NULL,
  kind text NOT NULL DEFAULT 'regular' CHECK (kind IN ('regular', 'obligatory')),
  interval_days integer CHECK (interval_days > 0),
  interval_km integer CHECK (interval_km > 0),
  before_days integer NOT NULL DEFAULT 0 CHECK (before_days >= 0),
  before_km integer NOT NULL DEFAULT 0 CHECK (before_km >= 0),
  repeat boolean NOT NULL DEFAULT true,
  active boolean NOT NULL DEFAULT true,
  -- the cycle counts completions: a notice is sent once per reminder, cycle and stage
  cycle integer NOT NULL DEFAULT 0,
  base_date date NOT NULL,
  base_odometer_km numeric(12, 1) NOT NULL DEFAULT 0,
  responsible_user_id uuid,
  notes text,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  CHECK (interval_days IS NOT NULL OR interval_km IS NOT NULL),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, responsible_user_id) REFERENCES users (org_id, id) ON DELETE SET NULL (responsible_user_id)
);
CREATE INDEX maintenance_reminders_org ON maintenance_reminders (org_id, vehicle_id);

CREATE TABLE maintenance_reminder_notices (
  org_id uuid NOT NULL,
  reminder_id uuid NOT NULL,
  cycle integer NOT NULL,
  stage text NOT NULL CHECK (stage IN ('due_soon', 'due', 'overdue')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (reminder_id, cycle, stage),
  FOREIGN KEY (org_id, reminder_id) REFERENCES maintenance_reminders (org_id, id) ON DELETE CASCADE
);

CREATE TABLE maintenance_services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  vehicle_id uuid NOT NULL,
  kind text NOT NULL DEFAULT 'service' CHECK (kind IN ('service', 'wash')),
  service_type text NOT NULL,
  reminder_id uuid,
  completed_on date NOT NULL,
  odometer_km numeric(12, 1),
  -- the telematics odometer when the record was written, to show an entered value that disagrees
  telematics_odometer_km numeric(12, 1),
  cost numeric(12, 2) NOT NULL DEFAULT 0,
  supplier_id uuid,
  notes text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, reminder_id) REFERENCES maintenance_reminders (org_id, id) ON DELETE SET NULL (reminder_id),
  FOREIGN KEY (org_id, supplier_id) REFERENCES maintenance_suppliers (org_id, id) ON DELETE SET NULL (supplier_id)
);
CREATE INDEX maintenance_services_org ON maintenance_services (org_id, kind, completed_on DESC);
CREATE INDEX maintenance_services_vehicle ON maintenance_services (vehicle_id, completed_on);

CREATE TABLE maintenance_service_parts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  service_id uuid NOT NULL,
  part_id uuid NOT NULL,
  quantity numeric(12, 2) NOT NULL CHECK (quantity > 0),
  unit_price numeric(12, 2) NOT NULL DEFAULT 0,
  FOREIGN KEY (org_id, service_id) REFERENCES maintenance_services (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, part_id) REFERENCES maintenance_parts (org_id, id)
);
CREATE INDEX maintenance_service_parts_service ON maintenance_service_parts (service_id);

CREATE TABLE maintenance_stock_movements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  part_id uuid NOT NULL,
  quantity numeric(12, 2) NOT NULL,
  reason text NOT NULL CHECK (reason IN ('purchase', 'service', 'adjustment')),
  service_id uuid,
  note text,
  user_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (org_id, part_id) REFERENCES maintenance_parts (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, service_id) REFERENCES maintenance_services (org_id, id) ON DELETE SET NULL (service_id)
);
CREATE INDEX maintenance_stock_movements_part ON maintenance_stock_movements (part_id, created_at);

CREATE TABLE maintenance_fuel_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  vehicle_id uuid NOT NULL,
  filled_on date NOT NULL,
  liters numeric(9, 2) NOT NULL CHECK (liters > 0),
  price numeric(12, 2) NOT NULL DEFAULT 0,
  bill_number text,
  odometer_km numeric(12, 1) NOT NULL,
  telematics_odometer_km numeric(12, 1),
  full_tank boolean NOT NULL DEFAULT true,
  supplier_id uuid,
  notes text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, id),
  FOREIGN KEY (org_id, vehicle_id) REFERENCES vehicles (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, supplier_id) REFERENCES maintenance_suppliers (org_id, id) ON DELETE SET NULL (supplier_id)
);
CREATE INDEX maintenance_fuel_reports_org ON maintenance_fuel_reports (org_id, filled_on DESC);
CREATE INDEX maintenance_fuel_reports_vehicle ON maintenance_fuel_reports (vehicle_id, filled_on, odometer_km);

CREATE TABLE maintenance_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id uuid NOT NULL,
  service_id uuid,
  fuel_report_id uuid,
  file_name text NOT NULL,
  content_type text NOT NULL,
  byte_size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((service_id IS NULL) <> (fuel_report_id IS NULL)),
  FOREIGN KEY (org_id, service_id) REFERENCES maintenance_services (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, fuel_report_id) REFERENCES maintenance_fuel_reports (org_id, id) ON DELETE CASCADE
);
CREATE INDEX maintenance_attachments_service ON maintenance_attachments (service_id);
CREATE INDEX maintenance_attachments_fuel ON maintenance_attachments (fuel_report_id);
