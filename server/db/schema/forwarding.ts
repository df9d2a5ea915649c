import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./common";

/** Position forwarding targets (migration 0030). */
export interface ForwardingTables {
  forwarding_targets: ForwardingTargetsTable;
}

/** bigint counters: pg returns them as strings */
type Count = ColumnType<string, number | string | undefined, number | string>;

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
