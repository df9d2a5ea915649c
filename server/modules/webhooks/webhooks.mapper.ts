import { iso } from "../shared/mapping";

type WebhookRow = {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  active: boolean;
  disabled_reason: "failing" | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
};

export const toWebhookDto = (w: WebhookRow) => ({
  id: w.id,
  url: w.url,
  description: w.description,
  events: w.events,
  active: w.active,
  disabled_reason: w.disabled_reason,
  failing_since: iso(w.failing_since),
  created_at: iso(w.created_at)!,
  updated_at: iso(w.updated_at)!,
});

/** Creating a webhook and rotating its secret answer the secret; reading a webhook does not. */
export const toWebhookWithSecretDto = (w: WebhookRow & { secret: string }) => ({
  ...toWebhookDto(w),
  secret: w.secret,
});

export const toDeliveryDto = (d: {
  id: string;
  event_id: string;
  event_type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  response_status: number | null;
  error: string | null;
  delivered_at: Date | null;
  created_at: Date;
}) => ({
  id: d.id,
  event_id: d.event_id,
  event_type: d.event_type,
  status: d.status,
  attempts: d.attempts,
  response_status: d.response_status,
  error: d.error,
  next_attempt_at: d.status === "pending" ? iso(d.next_attempt_at) : null,
  last_attempt_at: iso(d.last_attempt_at),
  delivered_at: iso(d.delivered_at),
  created_at: iso(d.created_at)!,
});
