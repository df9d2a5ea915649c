import type { Generated } from "kysely";
import type { OrganizationAdminColumns } from "./admin";
import type { Timestamp } from "./common";

/** Organisations, their settings, and installation metadata. */
export interface OrganizationTables {
  organizations: OrganizationsTable;
  organization_settings: OrganizationSettingsTable;
  app_meta: AppMetaTable;
}

export interface OrganizationsTable extends OrganizationAdminColumns {
  id: Generated<string>;
  name: string;
  legal_name: string | null;
  business_number: string | null;
  fiscal_number: string | null;
  country: string | null;
  province: string | null;
  region: string | null;
  city: string | null;
  postal_code: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  is_operator: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrganizationSettingsTable {
  org_id: string;
  attendance_enabled: Generated<boolean>;
  attendance_start_threshold: Generated<string>;
  checkin_radius_m: Generated<number>;
  checkout_radius_m: Generated<number>;
  self_assign_jobs: Generated<boolean>;
  timezone: Generated<string>;
  updated_at: Timestamp;
}

export interface AppMetaTable {
  key: string;
  value: string;
}
