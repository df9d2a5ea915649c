import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./common";

/** Roles and their permissions. */
export interface AccessTables {
  roles: RolesTable;
}

export interface RoleOptions {
  redirect_urls?: { login?: string; analytics?: string; maintenance?: string };
  default_language?: "al" | "en";
}

export interface RolesTable {
  id: Generated<string>;
  org_id: string;
  key: string;
  name: string;
  permissions: string[];
  options: ColumnType<RoleOptions, RoleOptions | string, RoleOptions | string>;
  created_at: Timestamp;
}
