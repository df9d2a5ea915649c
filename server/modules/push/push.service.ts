import webpush from "web-push";
import type { AppContext } from "../../context";
import type { DB } from "../../db/database";
import { AppError } from "../../errors";
import type { Principal } from "../access/principal";
import { guardedRequest } from "../../shared/outbound-http";
import { checkPushEndpoint, pushEndpointForm } from "./push-endpoint";
import { pushMessage } from "./push.messages";
import { pushRepo } from "./push.repo";
import { subscriptionInputSchema, unsubscribeInputSchema, type PushKind, type PushNotice } from "./push.schema";

export const PUSH_JOB = "push-notify";

/** How long a push service keeps an undelivered message (the phone is off): a day, then it is stale. */
const TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;

/**
 * The installation's VAPID key pair: generated and stored on first start (server/cli/start.ts calls this), read from
 * the database afterwards. Two processes racing keep the first row (pushRepo.insertKeys).
 */
export async function vapidKeys(db: DB): Promise<{ publicKey: string; privateKey: string }> {
  let row = await pushRepo.keys(db);
  if (!row) {
    const fresh = webpush.generateVAPIDKeys();
    await pushRepo.insertKeys(db, fresh.publicKey, fresh.privateKey);
    row = await pushRepo.keys(db);
    if (!row) throw new Error("VAPID keys were not stored");
  }
  return { publicKey: row.public_key, privateKey: row.private_key };
}

export async function publicKey(ctx: AppContext): Promise<string> {
  return (await vapidKeys(ctx.db)).publicKey;
}

/**
 * Stores this device's subscription for the signed-in user (the same endpoint again: updated, not doubled). The row
 * is the user's own: another user's subscription of the same endpoint is neither moved nor shown (issue 51).
 */
export async function subscribe(ctx: AppContext, p: Principal, raw: unknown, userAgent: string | null = null) {
  const input = subscriptionInputSchema.parse(raw);
  const endpoint = await checkPushEndpoint(input.endpoint, ctx.config.OUTBOUND_ALLOW_PRIVATE);
  return pushRepo.upsert(ctx.db, {
    org_id: p.orgId,
    user_id: p.userId,
    endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    user_agent: userAgent?.slice(0, 300) ?? null,
  });
}

/** Removes one of the signed-in user's devices; another user's endpoint is NOT_FOUND. */
export async function unsubscribe(ctx: AppContext, p: Principal, raw: unknown) {
  const input = unsubscribeInputSchema.parse(raw);
  if (!(await pushRepo.deleteOwn(ctx.db, p.orgId, p.userId, input.endpoint)))
    throw new AppError("NOT_FOUND", "subscription not found");
}

export async function mySubscriptions(ctx: AppContext, p: Principal) {
  return pushRepo.forUser(ctx.db, p.orgId, p.userId);
}

/**
 * Queues a notification for a user (the send happens on the job queue, never inside the request). A user without
 * any subscription gets no job at all (one indexed look-up instead of a queued job); callers need not know about
 * devices.
 */
export async function notifyUser(
  ctx: AppContext,
  orgId: string,
  userId: string,
  kind: PushKind,
  params: Record<string, string>,
  url: string,
) {
  const notice: PushNotice = { orgId, userId, kind, params, url };
  try {
    if (!(await pushRepo.hasAny(ctx.db, orgId, userId))) return;
    await ctx.jobs.enqueue("mail", PUSH_JOB, notice);
  } catch (err) {
    // the change that triggered the notice is committed; a queue outage must not turn it into an error
    ctx.log.warn({ err, kind, userId }, "push notice not queued");
  }
}

export interface SendResult {
  sent: number;
  removed: number;
  failed: number;
}

/**
 * Sends one notice to every device of its user, in the user's language. A push service answering 404 or 410 says
 * the subscription is gone: the row is removed. Other failures are counted and logged (the job is not retried: a
 * late "job assigned" is worse than none, and a device that is merely offline is the push service's to hold).
 */
export async function sendNotice(ctx: AppContext, notice: PushNotice): Promise<SendResult> {
  const result: SendResult = { sent: 0, removed: 0, failed: 0 };
  const subs = await pushRepo.forUser(ctx.db, notice.orgId, notice.userId);
  if (!subs.length) return result;
  const user = await pushRepo.recipient(ctx.db, notice.orgId, notice.userId);
  if (!user) return result;
  const keys = await vapidKeys(ctx.db);
  const text = pushMessage(user.default_language, notice.kind, notice.params);
  const payload = JSON.stringify({ ...text, url: notice.url, tag: `${notice.kind}:${notice.params.id ?? ""}` });
  for (const s of subs) {
    // a row stored before endpoints were checked is not sent to when its form is not one accepted today
    if (!pushEndpointForm(new URL(s.endpoint), ctx.config.OUTBOUND_ALLOW_PRIVATE)) {
      result.failed++;
      continue;
    }
    const req = webpush.generateRequestDetails(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      payload,
      {
        vapidDetails: { subject: contact(ctx), publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: "high",
      },
    );
    // through the outbound guard: the address judged again now, no redirect followed (a 3xx is a failure, never a
    // removal), so an endpoint cannot turn the server against its own network
    const answer = await guardedRequest(req.endpoint, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.body ?? null,
      timeoutMs: SEND_TIMEOUT_MS,
      allowPrivate: ctx.config.OUTBOUND_ALLOW_PRIVATE,
    });
    if (answer.status === 404 || answer.status === 410) {
      await pushRepo.remove(ctx.db, s.id);
      result.removed++;
    } else if (answer.ok) {
      await pushRepo.touch(ctx.db, s.id);
      result.sent++;
    } else {
      result.failed++;
      ctx.log.warn({ status: answer.status, error: answer.error, subscription: s.id }, "push message not sent");
    }
  }
  return result;
}

function contact(ctx: AppContext): string {
  if (ctx.config.PUSH_CONTACT) return ctx.config.PUSH_CONTACT;
  const url = ctx.config.PUBLIC_URL;
  if (url?.startsWith("https://")) return url;
  return `mailto:postmaster@${url ? new URL(url).hostname : "localhost"}`;
}
