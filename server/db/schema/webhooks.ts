import type { Generated } from "kysely";
import type { Json, Timestamp } from "./common";

/** The integration events' outbox, webhooks and their deliveries (migration 0029). */
export interface WebhookTables {
  events: EventsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export interface EventsTable {
  id: Generated<string>;
  seq: Generated<string>;
  org_id: string;
  type: string;
  occurred_at: Timestamp;
  data: Json<Record<string, unknown>>;
  dispatched_at: Date | null;
  /** when it was written (migration 0034) */
  created_at: Generated<Date>;
}

export interface WebhooksTable {
  id: Generated<string>;
  org_id: string;
  url: string;
  description: string | null;
  events: string[];
  secret: string;
  active: Generated<boolean>;
  created_by: string | null;
  failing_since: Date | null;
  disabled_reason: "failing" | null;
  lease_until: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  org_id: string;
  webhook_id: string;
  event_id: string;
  event_seq: string;
  event_type: string;
  status: Generated<"pending" | "delivered" | "failed">;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_attempt_at: Date | null;
  response_status: number | null;
  error: string | null;
  delivered_at: Date | null;
  created_at: Timestamp;
}
