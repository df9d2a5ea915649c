import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./common";

type Json = ColumnType<unknown, string | null | undefined, string | null>;

export type OrganizationStatus = "active" | "suspended";

/** Columns migration 0006 adds to organizations (installation administration). */
export interface OrganizationAdminColumns {
  status: Generated<OrganizationStatus>;
  status_changed_at: Timestamp | null;
  /** The most vehicles with a device identifier; null: no limit. */
  device_quota: number | null;
}

/** Columns migration 0006 adds to sessions: a support session and the installation administrator behind it. */
export interface SessionSupportColumns {
  support_user_id: string | null;
  support_parent_id: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  org_id: string;
  at: Timestamp;
  user_id: string | null;
  user_name: string;
  support_user_id: string | null;
  support_user_name: string | null;
  entity_type: string;
  entity_id: string;
  action: string;
  before: Json;
  after: Json;
}

export interface AdminTables {
  audit_log: AuditLogTable;
}
