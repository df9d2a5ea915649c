import type { ColumnType, Generated } from "kysely";
import type { NullableNumeric, Numeric, Timestamp } from "./common";

/** Maintenance: suppliers, parts and stock, reminders and their notices, services and washes, fuel reports, attachments. */
export interface MaintenanceTables {
  maintenance_suppliers: MaintenanceSuppliersTable;
  maintenance_parts: MaintenancePartsTable;
  maintenance_reminders: MaintenanceRemindersTable;
  maintenance_reminder_notices: MaintenanceReminderNoticesTable;
  maintenance_services: MaintenanceServicesTable;
  maintenance_service_parts: MaintenanceServicePartsTable;
  maintenance_stock_movements: MaintenanceStockMovementsTable;
  maintenance_fuel_reports: MaintenanceFuelReportsTable;
  maintenance_attachments: MaintenanceAttachmentsTable;
  maintenance_settings: MaintenanceSettingsTable;
}

/** The organisation's fuel tolerances (0019); no row means the defaults. */
export interface MaintenanceSettingsTable {
  org_id: string;
  consumption_tolerance_pct: Generated<number>;
  odometer_tolerance_km: Generated<number>;
  updated_at: Timestamp;
}

/** a NUMERIC column with a default: optional on insert */
type DefaultNumeric = ColumnType<string, number | string | undefined, number | string>;
/** a NOT NULL date column, read as YYYY-MM-DD */
type RequiredDate = ColumnType<string, string, string>;

export interface MaintenanceSuppliersTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  category: Generated<"service" | "parts" | "fuel" | "wash" | "other">;
  contact_person: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MaintenancePartsTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  part_number: string | null;
  supplier_id: string | null;
  unit_price: NullableNumeric;
  stock: DefaultNumeric;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MaintenanceRemindersTable {
  id: Generated<string>;
  org_id: string;
  vehicle_id: string;
  name: string;
  kind: Generated<"regular" | "obligatory">;
  interval_days: number | null;
  interval_km: number | null;
  /** engine hours (0019) */
  interval_hours: number | null;
  before_days: Generated<number>;
  before_km: Generated<number>;
  before_hours: Generated<number>;
  repeat: Generated<boolean>;
  active: Generated<boolean>;
  cycle: Generated<number>;
  base_date: RequiredDate;
  base_odometer_km: DefaultNumeric;
  base_engine_hours: DefaultNumeric;
  responsible_user_id: string | null;
  notes: string | null;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MaintenanceReminderNoticesTable {
  org_id: string;
  reminder_id: string;
  cycle: number;
  stage: "due_soon" | "due" | "overdue";
  sent_at: Timestamp;
  /** the responsible user shown the notice in the app (0015) */
  user_id: string | null;
  read_at: Timestamp | null;
}

export interface MaintenanceServicesTable {
  id: Generated<string>;
  org_id: string;
  vehicle_id: string;
  kind: Generated<"service" | "wash">;
  service_type: string;
  reminder_id: string | null;
  completed_on: RequiredDate;
  odometer_km: NullableNumeric;
  telematics_odometer_km: NullableNumeric;
  /** the engine hours entered (or current) at the service (0019) */
  engine_hours: NullableNumeric;
  cost: DefaultNumeric;
  supplier_id: string | null;
  notes: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MaintenanceServicePartsTable {
  id: Generated<string>;
  org_id: string;
  service_id: string;
  part_id: string;
  quantity: Numeric;
  unit_price: DefaultNumeric;
}

export interface MaintenanceStockMovementsTable {
  id: Generated<string>;
  org_id: string;
  part_id: string;
  quantity: Numeric;
  reason: "purchase" | "service" | "adjustment";
  service_id: string | null;
  note: string | null;
  user_id: string | null;
  created_at: Timestamp;
}

export interface MaintenanceFuelReportsTable {
  id: Generated<string>;
  org_id: string;
  vehicle_id: string;
  filled_on: RequiredDate;
  liters: Numeric;
  price: DefaultNumeric;
  bill_number: string | null;
  odometer_km: Numeric;
  telematics_odometer_km: NullableNumeric;
  /** the engine-hours reading entered with the refuel (0022) */
  engine_hours: NullableNumeric;
  full_tank: Generated<boolean>;
  supplier_id: string | null;
  notes: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MaintenanceAttachmentsTable {
  id: Generated<string>;
  org_id: string;
  service_id: string | null;
  fuel_report_id: string | null;
  file_name: string;
  content_type: string;
  byte_size: number;
  data: Buffer;
  created_at: Timestamp;
}
