import { iso, num } from "../shared/mapping";
import type { ForwardingTargetRow } from "./forwarding.repo";

/** A target as /api/forwarding answers it: the secret is shown to the organisation's administrators who set it up. */
export function toForwardingTargetDto(t: ForwardingTargetRow) {
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    url: t.url,
    topic: t.topic,
    secret: t.secret,
    active: t.active,
    last_status: t.last_status,
    last_attempt_at: iso(t.last_attempt_at),
    last_success_at: iso(t.last_success_at),
    last_error: t.last_error,
    sent_count: num(t.sent_count) ?? 0,
    failed_batches: num(t.failed_batches) ?? 0,
    dropped_count: num(t.dropped_count) ?? 0,
    created_at: iso(t.created_at),
    updated_at: iso(t.updated_at),
  };
}
export type ForwardingTargetDto = ReturnType<typeof toForwardingTargetDto>;
