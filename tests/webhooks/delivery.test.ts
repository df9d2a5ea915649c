import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../server/mail/mailer";
import { emitEvents, type NewEvent } from "../../server/modules/events";
import {
  createWebhook,
  dueWebhooks,
  listDeliveries,
  redeliver,
  runDeliveries,
  updateWebhook,
} from "../../server/modules/webhooks";
import { verifySignature } from "../../server/shared/signing";
import type { TelematicsRuntime } from "../../server/runtime";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createAlertPolicy, attachDevices } from "../support/factories";
import { startSmtpServer } from "../support/smtp";
import { startTestTelematics } from "../support/telematics";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { position } from "../support/positions";

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let admin: Awaited<ReturnType<typeof principalFor>>;
let otherAdmin: Awaited<ReturnType<typeof principalFor>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let rt: TelematicsRuntime;

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startWebhookReceiver();
  // the receiver listens on loopback: this installation allows private addresses (the on-premise setting)
  ctx = createTestContext({ config: { OUTBOUND_ALLOW_PRIVATE: "true", SMTP_URL: smtp.url } });
  [org, other] = await Promise.all([createTestOrg(ctx, { demo: true }), createTestOrg(ctx)]);
  admin = await principalFor(ctx, org.adminId);
  otherAdmin = await principalFor(ctx, other.adminId);
  rt = await startTestTelematics(ctx, { alertRulesCheckMs: 0 });
});
afterAll(async () => {
  await rt?.close();
  await ctx?.close();
  await receiver?.close();
  await smtp?.close();
});

const hook = (p: typeof admin, path: string, events: string[]) =>
  createWebhook(ctx, p, { url: receiver.url(path), description: null, events: events as never, active: true });

// as every emitter does: the events in the change's transaction, then to this process's readers after the commit
const emit = async (events: NewEvent[]) => {
  const ids = await ctx.db.transaction().execute((trx) => emitEvents(trx, events));
  await ctx.events!.dispatch(ids);
  return ids;
};
const at = (ms: number) => () => new Date(Date.now() + ms);
const to = (path: string) => receiver.received.filter((r) => r.path === path);

describe("webhook delivery (loopback receiver, real PostgreSQL)", () => {
  it("a speeding alert from the position pipeline arrives signed as alert.created, never at another organisation", async () => {
    const w = await hook(admin, "/alerts", ["alert.created"]);
    const foreign = await hook(otherAdmin, "/other", ["alert.created"]);
    const [d] = await attachDevices(ctx, org.orgId, 1);
    const policy = await createAlertPolicy(ctx, { org, type: "speeding", speedLimitKmh: 90, vehicleIds: [d.id] });
    const base = Date.now() - 3600_000;
    await rt.pipeline.onPositions(d.imei, [
      position(d.imei, { fixTime: new Date(base), speed: 60 }),
      position(d.imei, { fixTime: new Date(base + 10_000), speed: 120 }),
    ]);
    const alert = await ctx.db
      .selectFrom("alerts")
      .select(["id"])
      .where("policy_id", "=", policy.id)
      .executeTakeFirstOrThrow();

    // the alert's event went to this process's readers after the commit (the pipeline's deferred work)
    await rt.pipeline.settle();
    const due = await dueWebhooks(ctx);
    expect(due).toContain(w.id);
    expect(due).not.toContain(foreign.id);
    expect(await runDeliveries(ctx, w.id)).toMatchObject({ delivered: 1, failed: 0 });
    expect(await runDeliveries(ctx, foreign.id)).toMatchObject({ delivered: 0 });

    const [got] = to("/alerts");
    expect(to("/other")).toEqual([]);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["x-flota-event"]).toBe("alert.created");
    expect(verifySignature(w.secret, got.raw, got.headers["x-flota-signature"] as string)).toBe(true);
    expect(verifySignature("another-secret", got.raw, got.headers["x-flota-signature"] as string)).toBe(false);
    expect(got.body).toMatchObject({
      type: "alert.created",
      version: 1,
      organization_id: org.orgId,
      occurred_at: new Date(base + 10_000).toISOString(),
      data: {
        alert_id: alert.id,
        alert_type: "speeding",
        policy_id: policy.id,
        vehicle_id: d.id,
        vehicle_registration: d.registration,
        details: { speed: 120, limit: 90 },
      },
    });
    const log = await listDeliveries(ctx, admin, w.id);
    expect(log.items).toHaveLength(1);
    expect(got.headers["x-flota-delivery"]).toBe(log.items[0].id);
    expect(log.items[0]).toMatchObject({ status: "delivered", attempts: 1, response_status: 200 });
    // the other organisation's administrator cannot read this webhook's log
    await expect(listDeliveries(ctx, otherAdmin, w.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("delivers a webhook's events in the order they happened, only the types it subscribed to", async () => {
    const w = await hook(admin, "/order", ["booking.created", "booking.cancelled"]);
    await emit([
      { type: "booking.created", organizationId: org.orgId, data: { n: 1 } },
      { type: "order.status.changed", organizationId: org.orgId, data: { n: 2 } },
      { type: "booking.cancelled", organizationId: org.orgId, data: { n: 3 } },
    ]);
    await emit([{ type: "booking.created", organizationId: org.orgId, data: { n: 4 } }]);
    await dueWebhooks(ctx);
    expect(await runDeliveries(ctx, w.id)).toMatchObject({ delivered: 3 });
    expect(to("/order").map((r) => [r.body.type, r.body.data.n])).toEqual([
      ["booking.created", 1],
      ["booking.cancelled", 3],
      ["booking.created", 4],
    ]);
    // every delivery has its own id
    expect(new Set(to("/order").map((r) => r.headers["x-flota-delivery"])).size).toBe(3);
  });

  it("retries after a 500 with back-off; later events wait behind the failed one; redeliver sends again", async () => {
    const w = await hook(admin, "/retry", ["maintenance.reminder.due"]);
    await emit([{ type: "maintenance.reminder.due", organizationId: org.orgId, data: { n: 1 } }]);
    await emit([{ type: "maintenance.reminder.due", organizationId: org.orgId, data: { n: 2 } }]);
    await dueWebhooks(ctx);
    receiver.answers.push(500);
    expect(await runDeliveries(ctx, w.id)).toMatchObject({ delivered: 0, failed: 1 });
    let log = (await listDeliveries(ctx, admin, w.id)).items;
    const first = log.find((d) => d.status === "pending" && d.attempts === 1)!;
    expect(first).toMatchObject({ response_status: 500, error: "HTTP 500" });
    expect(Date.parse(first.next_attempt_at ?? "")).toBeGreaterThan(Date.now() + 20_000);
    // not due yet: nothing is sent, and the second event is not sent ahead of the first
    expect(await runDeliveries(ctx, w.id)).toMatchObject({ delivered: 0, failed: 0 });
    expect(await dueWebhooks(ctx, new Date())).not.toContain(w.id);
    expect(await dueWebhooks(ctx, at(31_000)())).toContain(w.id);
    expect(await runDeliveries(ctx, w.id, { now: at(31_000) })).toMatchObject({ delivered: 2 });
    expect(to("/retry").map((r) => [r.body.data.n, r.headers["x-flota-delivery"]])).toEqual([
      [1, first.id],
      [1, first.id],
      [2, expect.any(String)],
    ]);
    log = (await listDeliveries(ctx, admin, w.id)).items;
    expect(log.find((d) => d.id === first.id)).toMatchObject({
      status: "delivered",
      attempts: 2,
      response_status: 200,
    });
    const webhook = await ctx.db
      .selectFrom("webhooks")
      .select("failing_since")
      .where("id", "=", w.id)
      .executeTakeFirst();
    expect(webhook?.failing_since).toBeNull();

    await redeliver(ctx, admin, w.id, first.id);
    expect(await runDeliveries(ctx, w.id)).toMatchObject({ delivered: 1 });
    expect(to("/retry").at(-1)?.headers["x-flota-delivery"]).toBe(first.id);
  });

  it("switches a webhook off after a day of failures and e-mails its creator; switching it on again resets it", async () => {
    const w = await hook(admin, "/down", ["video.request.failed"]);
    await emit([{ type: "video.request.failed", organizationId: org.orgId, data: { n: 1 } }]);
    await dueWebhooks(ctx);
    receiver.answers.push(503);
    expect(await runDeliveries(ctx, w.id)).toMatchObject({ failed: 1, switchedOff: false });
    // the first failure was a day ago (the clock moved instead of waiting)
    await ctx.db
      .updateTable("webhooks")
      .set({ failing_since: new Date(Date.now() - 24 * 3600_000 - 60_000) })
      .where("id", "=", w.id)
      .execute();
    receiver.answers.push(503);
    const mailer = createMailer(ctx.config, ctx.log);
    expect(await runDeliveries(ctx, w.id, { now: at(3600_000), mailer })).toMatchObject({
      failed: 1,
      switchedOff: true,
    });
    const row = await ctx.db.selectFrom("webhooks").selectAll().where("id", "=", w.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ active: false, disabled_reason: "failing" });
    const log = (await listDeliveries(ctx, admin, w.id)).items;
    expect(log.map((d) => d.status)).toEqual(["failed"]);
    const mail = await smtp.waitFor((m) => m.to.includes(org.adminEmail));
    expect(mail.raw).toContain("/configuration/webhooks/");
    // an inactive webhook gets no new deliveries
    await emit([{ type: "video.request.failed", organizationId: org.orgId, data: { n: 2 } }]);
    await dueWebhooks(ctx);
    expect((await listDeliveries(ctx, admin, w.id)).items).toHaveLength(1);

    const back = await updateWebhook(ctx, admin, w.id, {
      url: row.url,
      description: null,
      events: ["video.request.failed"],
      active: true,
    });
    expect(back).toMatchObject({ active: true, disabled_reason: null, failing_since: null });
  });

  it("refuses at delivery time an address that has become private when the installation does not allow them", async () => {
    const w = await hook(admin, "/rebind", ["booking.created"]);
    await emit([{ type: "booking.created", organizationId: org.orgId, data: {} }]);
    await dueWebhooks(ctx);
    const config = ctx.config;
    ctx.config = { ...config, OUTBOUND_ALLOW_PRIVATE: false };
    try {
      expect(await runDeliveries(ctx, w.id)).toMatchObject({ delivered: 0, failed: 1 });
    } finally {
      ctx.config = config;
    }
    expect(to("/rebind")).toEqual([]);
    const [d] = (await listDeliveries(ctx, admin, w.id)).items;
    expect(d).toMatchObject({ status: "pending", response_status: null, error: expect.stringContaining("refused") });
  });
});
