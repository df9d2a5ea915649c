import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./common";

/** Position forwarding targets (migration 0030). */
export interface ForwardingTables {
  forwarding_targets: ForwardingTargetsTable;
}

/** bigint counters (server/db/database.ts reads int8 as a number) */
type Count = ColumnType<number, number | undefined, number>;

export interface ForwardingTargetsTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  kind: "http" | "mqtt";
  url: string;
  topic: string | null;
  secret: string;
  active: Generated<boolean>;
  last_status: "ok" | "failed" | null;
  last_attempt_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_error: string | null;
  sent_count: Count;
  failed_batches: Count;
  dropped_count: Count;
  created_at: Timestamp;
  updated_at: Timestamp;
}
