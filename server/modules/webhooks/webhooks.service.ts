import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { emitEvent, eventsRepo, TEST_EVENT } from "../events";
import { checkWebhookUrl } from "./url-guard";
import { webhooksPolicy } from "./webhooks.policy";
import { toDeliveryDto, toWebhookDto, toWebhookWithSecretDto } from "./webhooks.mapper";
import { webhooksRepo } from "./webhooks.repo";
import type { WebhookInput } from "./webhooks.schema";
import { DELIVER_JOB } from "./delivery";

const newSecret = () => `whsec_${randomBytes(24).toString("hex")}`;
const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** What the audit log keeps of a webhook: never its secret. */
const snapshot = (w: { url: string; description: string | null; events: string[]; active: boolean }) => ({
  url: w.url,
  description: w.description,
  events: w.events,
  active: w.active,
});

export async function listWebhooks(ctx: AppContext, p: Principal) {
  return (await webhooksWithDeliveryState(ctx, p)).map(toWebhookDto);
}

/** The list page's rows: each webhook with its pending count and last attempt (more than the API's shape). */
export async function webhooksWithDeliveryState(ctx: AppContext, p: Principal) {
  webhooksPolicy.manage(p);
  return webhooksRepo.list(ctx.db, p.orgId);
}

export async function getWebhook(ctx: AppContext, p: Principal, id: string) {
  return toWebhookDto(await findWebhook(ctx, p, id));
}

async function findWebhook(ctx: AppContext, p: Principal, id: string) {
  webhooksPolicy.manage(p);
  const w = isUuid(id) ? await webhooksRepo.findById(ctx.db, p.orgId, id) : undefined;
  if (!w) throw notFound("webhook");
  return w;
}

async function values(ctx: AppContext, input: WebhookInput) {
  return {
    url: await checkWebhookUrl(input.url, ctx.config.OUTBOUND_ALLOW_PRIVATE),
    description: input.description ?? null,
    events: [...new Set(input.events)],
    active: input.active,
  };
}

/** A new webhook with a generated secret (answered once here; the page can show it again to administrators). */
export async function createWebhook(ctx: AppContext, p: Principal, input: WebhookInput) {
  webhooksPolicy.manage(p);
  const v = await values(ctx, input);
  return ctx.db.transaction().execute(async (trx) => {
    const w = await webhooksRepo.insert(trx, p.orgId, p.userId, { ...v, secret: newSecret() });
    await audit.record(trx, p, { entity: "webhook", id: w.id, action: "create", after: snapshot(w) });
    return toWebhookWithSecretDto(w);
  });
}

export async function updateWebhook(ctx: AppContext, p: Principal, id: string, input: WebhookInput) {
  const before = await findWebhook(ctx, p, id);
  const v = await values(ctx, input);
  return ctx.db.transaction().execute(async (trx) => {
    const w = await webhooksRepo.update(trx, p.orgId, id, v);
    if (!w) throw notFound("webhook");
    await audit.record(trx, p, {
      entity: "webhook",
      id,
      action: "update",
      before: snapshot(before),
      after: snapshot(w),
    });
    return toWebhookDto(w);
  });
}

/** A new secret; the old one stops signing at once. */
export async function rotateWebhookSecret(ctx: AppContext, p: Principal, id: string) {
  await findWebhook(ctx, p, id);
  return ctx.db.transaction().execute(async (trx) => {
    const w = await webhooksRepo.setSecret(trx, p.orgId, id, newSecret());
    if (!w) throw notFound("webhook");
    await audit.record(trx, p, { entity: "webhook", id, action: "update", after: { secret_rotated: true } });
    return toWebhookWithSecretDto(w);
  });
}

export async function deleteWebhook(ctx: AppContext, p: Principal, id: string) {
  const before = await findWebhook(ctx, p, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await webhooksRepo.delete(trx, p.orgId, id))) throw notFound("webhook");
    await audit.record(trx, p, { entity: "webhook", id, action: "delete", before: snapshot(before) });
  });
}

/** A webhook's latest deliveries (at most 100, newest first). */
export async function listDeliveries(
  ctx: AppContext,
  p: Principal,
  webhookId: string,
  q: { status?: "pending" | "delivered" | "failed" } = {},
) {
  const w = await findWebhook(ctx, p, webhookId);
  const items = await webhooksRepo.deliveries(ctx.db, p.orgId, w.id, q.status, 100);
  return { items: items.map(toDeliveryDto) };
}

/** Starts a delivery run for the webhook now instead of at the dispatcher's next pass. */
async function kick(ctx: AppContext, webhookId: string) {
  await ctx.jobs
    .enqueue("webhooks", DELIVER_JOB, { webhookId })
    .catch((err) => ctx.log.warn({ err, webhookId }, "enqueueing a webhook delivery failed; the dispatcher retries"));
}

/** The redeliver button: the delivery goes out again (same delivery id) at the front of its turn. */
export async function redeliver(ctx: AppContext, p: Principal, webhookId: string, deliveryId: string) {
  const w = await findWebhook(ctx, p, webhookId);
  if (!isUuid(deliveryId) || !(await webhooksRepo.redeliver(ctx.db, p.orgId, w.id, deliveryId)))
    throw notFound("delivery");
  if (w.active) await kick(ctx, w.id);
}

/**
 * "Send a test event": a `webhook.test` event to this webhook only (not fanned out to the organisation's other
 * webhooks), signed and logged like any other.
 */
export async function sendTestEvent(ctx: AppContext, p: Principal, webhookId: string) {
  const w = await findWebhook(ctx, p, webhookId);
  const deliveryId = await ctx.db.transaction().execute(async (trx) => {
    const eventId = await emitEvent(trx, {
      type: TEST_EVENT,
      organizationId: p.orgId,
      data: { webhook_id: w.id, message: "Test event from Flota" },
    });
    // dispatched here, to this webhook only
    await eventsRepo.markDispatched(trx, [eventId]);
    const seq = await eventsRepo.seqOf(trx, eventId);
    const d = await webhooksRepo.insertDelivery(trx, {
      org_id: p.orgId,
      webhook_id: w.id,
      event_id: eventId,
      event_seq: seq,
      event_type: TEST_EVENT,
    });
    return d.id;
  });
  if (w.active) await kick(ctx, w.id);
  return { deliveryId };
}
