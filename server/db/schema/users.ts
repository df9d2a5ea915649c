import type { Generated } from "kysely";
import type { Timestamp, DateOnly } from "./common";

/** People (drivers and users) and the vehicles a restricted user may see. */
export interface UserTables {
  users: UsersTable;
  user_vehicles: UserVehiclesTable;
}

export interface UsersTable {
  id: Generated<string>;
  org_id: string;
  email: string | null;
  password_hash: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birthday: DateOnly;
  personal_number: string | null;
  phone: string | null;
  role_id: string;
  team_id: string | null;
  is_driver: Generated<boolean>;
  web_only: Generated<boolean>;
  /** the side navigation folded to icons */
  nav_collapsed: Generated<boolean>;
  vehicle_access: Generated<"all" | "selected">;
  default_language: Generated<"al" | "en">;
  active: Generated<boolean>;
  last_login_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserVehiclesTable {
  org_id: string;
  user_id: string;
  vehicle_id: string;
}
