import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { orgToday } from "../../server/modules/organization/organization.service";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createUser, createTmsOrder, createTruck } from "../support/factories";
import { signedInClient, startTestServer, type FormClient, type TestServer } from "../support/server";

/**
 * The vehicle check and the proof of delivery sent by the phone's queue (/driver/queue, docs/driver-app.md,
 * "Offline actions"): made_at applied within route planning's bounds, answers in the queue's shape.
 */
let srv: TestServer;
let org: TestOrg;
let admin: Principal & { token: string };
let driver: Awaited<ReturnType<typeof createUser>>;
let phone: FormClient;
let csrf: string;
let truckId: string;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  admin = await principalFor(srv.ctx, org.adminId);
  driver = await createUser(srv.ctx, { org, role: "driver", driver: true, language: "en" });
  truckId = (await createTruck(srv.ctx, org, { driver: driver.id, registration: "TR 600 AA" })).id;
  phone = await signedInClient(srv, driver.email!, driver.password);
  csrf = /name="_csrf" value="([^"]+)"/.exec(await (await phone.get("/driver/check")).text())![1];
});
afterAll(async () => srv?.close());

const png = () => {
  const b = Buffer.alloc(300, 1);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Blob([new Uint8Array(b)], { type: "image/png" });
};

const ago = (ms: number) => {
  const d = new Date(Date.now() - ms);
  d.setMilliseconds(0);
  return d;
};

async function queued(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await phone.post("/driver/queue", form, { csrf });
  return { status: res.status, result: ((await res.json()) as { result: Record<string, unknown> }).result };
}

const check = (madeAt?: string) =>
  queued({
    intent: "vehicle-check",
    result_lights: "pass",
    result_tyres: "pass",
    result_damage: "pass",
    ...(madeAt ? { made_at: madeAt } : {}),
  });

async function startedOrder() {
  const o = await createTmsOrder(srv.ctx, admin);
  await srv.ctx.db
    .updateTable("tms_orders")
    .set({ status: "STARTED", vehicle_id: truckId, sequence: 1 })
    .where("id", "=", o.id)
    .execute();
  return o;
}

const proof = (orderId: string, madeAt?: string) =>
  queued({
    intent: "proof-of-delivery",
    order_id: orderId,
    recipient_name: "Besa Kola",
    photo: png(),
    ...(madeAt ? { made_at: madeAt } : {}),
  });

describe("the vehicle check from the phone's queue", () => {
  it("is recorded at made_at (its day and time) and answered as applied", async () => {
    const made = ago(23 * 60 * 60_000);
    const { status, result } = await check(made.toISOString());
    expect(status).toBe(200);
    expect(result).toMatchObject({
      status: "applied",
      action: "vehicle-check",
      code: null,
      message: "The vehicle check was saved.",
      madeAt: made.toISOString(),
    });
    const row = await srv.ctx.db
      .selectFrom("vehicle_checks")
      .select(["created_at", "day"])
      .where("driver_id", "=", driver.id)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(row.created_at).toEqual(made);
    expect(String(row.day)).toBe(await orgToday(srv.ctx, org.orgId, made));
  });

  it("refuses a made_at older than 24 hours or ahead of the clock with MADE_AT_OUT_OF_RANGE, storing nothing", async () => {
    // this organisation's checks only: other test files write theirs into the same database at the same time
    const ours = () => srv.ctx.db.selectFrom("vehicle_checks").select("id").where("org_id", "=", org.orgId).execute();
    const before = await ours();
    for (const made of [ago(24 * 60 * 60_000 + 1000), ago(-3 * 60_000)]) {
      const { status, result } = await check(made.toISOString());
      expect(status).toBe(400);
      expect(result).toMatchObject({ status: "refused", action: "vehicle-check", code: "MADE_AT_OUT_OF_RANGE" });
    }
    expect(await ours()).toHaveLength(before.length);
  });
});

describe("the same queued vehicle check sent twice (the first answer lost on the way)", () => {
  const ours = (table: "vehicle_checks" | "maintenance_reminders") =>
    srv.ctx.db.selectFrom(table).select("id").where("org_id", "=", org.orgId).execute();
  const failedCheck = (madeAt: string, note = "Front left is flat") =>
    queued({
      intent: "vehicle-check",
      made_at: madeAt,
      result_lights: "pass",
      result_tyres: "fail",
      note_tyres: note,
      result_damage: "fail",
      photo_damage: png(),
    });

  it("is stored once with one reminder per failed item, and the second sending is answered with the same check", async () => {
    const [checksBefore, remindersBefore] = [await ours("vehicle_checks"), await ours("maintenance_reminders")];
    const made = ago(30 * 60_000).toISOString();
    const first = await failedCheck(made);
    const again = await failedCheck(made);
    expect(first).toMatchObject({ status: 200, result: { status: "applied", madeAt: made } });
    expect(again).toMatchObject({ status: 200, result: { status: "applied", madeAt: made } });
    expect(await ours("vehicle_checks")).toHaveLength(checksBefore.length + 1);
    expect(await ours("maintenance_reminders")).toHaveLength(remindersBefore.length + 2);
  });

  it("another check is another row: a different answer at the same time, or the same answers at another time", async () => {
    const before = await ours("vehicle_checks");
    const made = ago(20 * 60_000).toISOString();
    await failedCheck(made);
    await failedCheck(made, "Rear right is worn");
    await failedCheck(ago(10 * 60_000).toISOString());
    expect(await ours("vehicle_checks")).toHaveLength(before.length + 3);
  });
});

describe("the proof of delivery from the phone's queue", () => {
  it("records delivered_at as made_at; a second proof is a conflict with its reason", async () => {
    const o = await startedOrder();
    const made = ago(2 * 60 * 60_000);
    const first = await proof(o.id, made.toISOString());
    expect(first.status).toBe(200);
    expect(first.result).toMatchObject({ status: "applied", action: "proof-of-delivery", madeAt: made.toISOString() });
    const row = await srv.ctx.db
      .selectFrom("tms_proofs_of_delivery")
      .select(["delivered_at", "recipient_name"])
      .where("order_id", "=", o.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ delivered_at: made, recipient_name: "Besa Kola" });
    const second = await proof(o.id, ago(60_000).toISOString());
    expect(second.status).toBe(409);
    expect(second.result).toMatchObject({ status: "conflict", code: "PROOF_OF_DELIVERY_EXISTS" });
    expect(String(second.result.message)).toMatch(/^Not applied: /);
  });

  it("an order moved to another truck meanwhile is a conflict; a time out of bounds is refused", async () => {
    const o = await startedOrder();
    const other = await createTruck(srv.ctx, org, { registration: "TR 601 AA" });
    await srv.ctx.db.updateTable("tms_orders").set({ vehicle_id: other.id }).where("id", "=", o.id).execute();
    const moved = await proof(o.id, ago(60_000).toISOString());
    expect(moved.status).toBe(403);
    expect(moved.result).toMatchObject({ status: "conflict", code: "NOT_YOUR_ORDER" });
    const late = await startedOrder();
    const old = await proof(late.id, ago(25 * 60 * 60_000).toISOString());
    expect(old.result).toMatchObject({ status: "refused", code: "MADE_AT_OUT_OF_RANGE" });
    const none = await srv.ctx.db
      .selectFrom("tms_proofs_of_delivery")
      .select("order_id")
      .where("order_id", "in", [o.id, late.id])
      .execute();
    expect(none).toEqual([]);
  });
});
