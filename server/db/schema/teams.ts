import type { Generated } from "kysely";
import type { Timestamp } from "./common";

/** Teams. */
export interface TeamTables {
  teams: TeamsTable;
}

export interface TeamsTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
