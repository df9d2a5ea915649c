import type { AppContext } from "../../context";
import type { Mailer } from "../../mail/mailer";
import { webhookDisabledEmail } from "../../../templates/email/webhook-disabled";
import { EVENT_TYPES, eventsRepo, TEST_EVENT, toEnvelope, type EventReader } from "../events";
import { deliveryRepo } from "./delivery.repo";
import { postSigned, WEBHOOK_TIMEOUT_MS } from "./webhook-http";

export const DELIVER_JOB = "webhook-deliver";
/** A webhook failing for this long (every attempt since its first failure) is switched off. */
export const FAILING_LIMIT_MS = 24 * 3600_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 2 * 3600_000;
/** deliveries one run sends at most before it lets another webhook's run have the worker */
const RUN_LIMIT = 50;
const LEASE_MS = WEBHOOK_TIMEOUT_MS * 3;

/** 30 s after the first failure, doubling to at most two hours: about eighteen attempts over the day. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface RunOptions {
  /** the clock (tests move it forward instead of waiting) */
  now?: () => Date;
  mailer?: Mailer;
}

export type RunResult = { delivered: number; failed: number; switchedOff: boolean; skipped?: true };

/**
 * One webhook's delivery run: its pending deliveries oldest event first, one at a time, so a receiver sees
 * them in order. A failure ends the run and the delivery waits for its next attempt (later events wait behind
 * it); a run failing since more than a day switches the webhook off and e-mails its creator. The webhook's
 * lease keeps a second run (another worker, another process) off it meanwhile.
 */
export async function runDeliveries(ctx: AppContext, webhookId: string, opts: RunOptions = {}): Promise<RunResult> {
  const clock = opts.now ?? (() => new Date());
  const result: RunResult = { delivered: 0, failed: 0, switchedOff: false };
  const hook = await deliveryRepo.claim(ctx.db, webhookId, clock(), LEASE_MS);
  if (!hook) return { ...result, skipped: true };
  let released = false;
  try {
    for (let i = 0; i < RUN_LIMIT; i++) {
      const next = await deliveryRepo.nextPending(ctx.db, webhookId);
      const at = clock();
      if (!next || next.next_attempt_at > at) break;
      const event = await eventsRepo.findById(ctx.db, next.org_id, next.event_id);
      if (!event) break;
      await deliveryRepo.extend(ctx.db, webhookId, new Date(at.getTime() + LEASE_MS));
      const envelope = toEnvelope(event);
      const body = JSON.stringify(envelope);
      const answer = await postSigned(
        hook.url,
        body,
        { secret: hook.secret, event: event.type, deliveryId: next.id },
        { allowPrivate: ctx.config.OUTBOUND_ALLOW_PRIVATE },
      );
      const done = clock();
      if (answer.ok) {
        await deliveryRepo.delivered(ctx.db, next.id, webhookId, done, answer.status);
        result.delivered++;
        continue;
      }
      result.failed++;
      const failingSince = await deliveryRepo.failed(ctx.db, {
        id: next.id,
        webhookId,
        at: done,
        next: new Date(done.getTime() + retryDelayMs(next.attempts + 1)),
        status: answer.status,
        error: answer.error,
      });
      ctx.log.info(
        { webhookId, delivery: next.id, status: answer.status, error: answer.error },
        "webhook delivery failed",
      );
      if (done.getTime() - failingSince.getTime() >= FAILING_LIMIT_MS) {
        released = true;
        result.switchedOff = await deliveryRepo.switchOff(ctx.db, webhookId);
        if (result.switchedOff) await tellOwner(ctx, opts.mailer, hook, answer.error);
      }
      break;
    }
  } finally {
    if (!released) await deliveryRepo.release(ctx.db, webhookId);
  }
  return result;
}

async function tellOwner(
  ctx: AppContext,
  mailer: Mailer | undefined,
  hook: { id: string; org_id: string; url: string; created_by: string | null },
  lastError: string,
) {
  ctx.log.warn({ webhookId: hook.id, url: hook.url }, "webhook switched off after a day of failed deliveries");
  if (!mailer || !hook.created_by) return;
  const owner = await deliveryRepo.owner(ctx.db, hook.org_id, hook.created_by);
  if (!owner?.email) return;
  const base = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, "");
  try {
    await mailer.send(
      webhookDisabledEmail({
        to: owner.email,
        name: owner.first_name,
        language: owner.default_language === "en" ? "en" : "al",
        url: hook.url,
        link: `${base}/configuration/webhooks/${hook.id}`,
        lastError,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, webhookId: hook.id }, "the webhook switch-off e-mail failed");
  }
}

/**
 * The webhooks' reader of the outbox: each event becomes a pending delivery for every active webhook of its
 * organisation subscribed to its type, in the dispatch's transaction; after the commit a delivery run is queued
 * for each of those webhooks that has something due. Times come from this process's clock (not the database's),
 * so "due" means the same here and in the delivery run.
 */
export const webhooksEventReader: EventReader = {
  name: "webhooks",
  types: [...EVENT_TYPES, TEST_EVENT],
  async inTransaction(_ctx, trx, events) {
    await deliveryRepo.fanOut(trx, events, new Date());
  },
  async afterCommit(ctx, events) {
    const orgs = [...new Set(events.map((e) => e.org_id))];
    await enqueueDue(ctx, await deliveryRepo.dueWebhooks(ctx.db, new Date(), 200, orgs));
  },
};

/** Webhooks whose oldest pending delivery is due (new ones, or retries whose time has come). */
export const dueWebhooks = (ctx: AppContext, now: Date = new Date()) => deliveryRepo.dueWebhooks(ctx.db, now, 200);

export function enqueueDue(ctx: AppContext, webhookIds: readonly string[]) {
  return ctx.jobs.enqueueMany(
    "webhooks",
    webhookIds.map((webhookId) => ({ name: DELIVER_JOB, data: { webhookId } })),
  );
}
