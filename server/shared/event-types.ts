/**
 * The integration events Flota announces (docs/integrations.md). Each goes out as a versioned envelope
 * `{ id, type, version, occurred_at, organization_id, data }`; `data`'s shape per type is in the docs' catalogue.
 * Imports nothing, so the web pages (the webhook form's checkboxes) may read it too.
 */
export const EVENT_TYPES = [
  "alert.created",
  "vehicle.immobilization.changed",
  "order.status.changed",
  "route_job.status.changed",
  "booking.created",
  "booking.cancelled",
  "booking.status.changed",
  "maintenance.reminder.due",
  "report.archive.completed",
  "report.archive.failed",
  "video.request.completed",
  "video.request.failed",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The "send a test event" button's event: delivered to one webhook, never subscribed to. */
export const TEST_EVENT = "webhook.test";
export type AnyEventType = EventType | typeof TEST_EVENT;

/** The envelope's version: a change to an envelope field or to a type's `data` that breaks a reader raises it. */
export const EVENT_VERSION = 1;

export const isEventType = (v: string): v is EventType => (EVENT_TYPES as readonly string[]).includes(v);

export interface EventEnvelope {
  id: string;
  type: AnyEventType;
  version: number;
  occurred_at: string;
  organization_id: string;
  data: Record<string, unknown>;
}
