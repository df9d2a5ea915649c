import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { EVENT_VERSION, type AnyEventType, type EventEnvelope } from "../../shared/event-types";
import { eventsRepo, type StoredEvent } from "./events.repo";

export interface NewEvent {
  type: AnyEventType;
  organizationId: string;
  data: Record<string, unknown>;
  /** when it happened; default now */
  occurredAt?: Date;
}

/**
 * Records integration events in the caller's transaction (the outbox): they exist exactly when the change they
 * describe commits, and nothing is lost between the commit and the delivery. After the commit the caller hands
 * the ids to `ctx.events.dispatch` (event-dispatch.ts), which gives them to every reader; the worker's sweep takes
 * what a process left behind.
 */
export async function emitEvents(trx: Kysely<Database>, events: readonly NewEvent[]): Promise<string[]> {
  if (!events.length) return [];
  const rows = await eventsRepo.insert(
    trx,
    events.map((e) => ({
      org_id: e.organizationId,
      type: e.type,
      occurred_at: e.occurredAt ?? new Date(),
      data: e.data,
    })),
  );
  return rows.map((r) => r.id);
}

export async function emitEvent(trx: Kysely<Database>, event: NewEvent): Promise<string> {
  const [id] = await emitEvents(trx, [event]);
  return id;
}

/** The JSON every reader of an event gets: webhooks send exactly this. */
export function toEnvelope(e: Pick<StoredEvent, "id" | "type" | "occurred_at" | "org_id" | "data">): EventEnvelope {
  return {
    id: e.id,
    type: e.type as AnyEventType,
    version: EVENT_VERSION,
    occurred_at: new Date(e.occurred_at).toISOString(),
    organization_id: e.org_id,
    data: e.data,
  };
}
