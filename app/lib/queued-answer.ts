import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A driver page's form queued on the phone instead of sent (app/features/driver/components/offline-submit.ts): the
 * client action's answer. Nothing reached the server, so the routes' data is not reloaded after it (offline, the
 * reload would fail and show the error page instead of "saved on the phone").
 */
export interface QueuedAnswer {
  queued: true;
}

export const isQueuedAnswer = (v: unknown): v is QueuedAnswer =>
  typeof v === "object" && v !== null && (v as { queued?: unknown }).queued === true;

export const skipRevalidationWhenQueued = ({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  isQueuedAnswer(actionResult) ? false : defaultShouldRevalidate;
