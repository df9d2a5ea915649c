import { QUEUE_CHANGED_EVENT, queue } from "../offline-queue";
import type { QueuedAnswer } from "../../../lib/queued-answer";
import { QUEUE_URL } from "./DriverQueue";

export { isQueuedAnswer } from "../../../lib/queued-answer";

/**
 * A driver page's form submitted with JavaScript (a route's clientAction): sent to the page's action as usual while
 * online; offline (`navigator.onLine` false) or when the request fails on the network, its fields — photos
 * included, as files — are kept in the phone's queue with the time it was made and sent to /driver/queue as `kind`
 * when the connection returns (docs/driver-app.md, "Offline actions"). Without JavaScript the form posts as before.
 */
export async function submitOrQueue<T>(
  request: Request,
  serverAction: () => Promise<T>,
  kind: "vehicle-check" | "proof-of-delivery",
  extra: Array<[string, string]> = [],
): Promise<T | QueuedAnswer> {
  const form = await request.clone().formData();
  if (navigator.onLine) {
    try {
      return await serverAction();
    } catch (err) {
      // an answer from the server (a refusal, a crash page) is shown as usual; only a failed request is queued
      if (!(err instanceof TypeError) && navigator.onLine) throw err;
    }
  }
  const fields: Array<[string, string | Blob]> = [];
  for (const [k, v] of form.entries()) if (k !== "_csrf" && k !== "intent") fields.push([k, v]);
  await queue.add({
    kind,
    url: QUEUE_URL,
    madeAt: new Date().toISOString(),
    fields: [...fields, ...extra],
    jobId: null,
  });
  window.dispatchEvent(new Event(QUEUE_CHANGED_EVENT));
  return { queued: true };
}
