import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitEvents, SWEEP_GRACE_MS, type NewEvent } from "../../server/modules/events";
import { createTestContext, createTestOrg, type TestContext, type TestOrg } from "../support/context";

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  ctx = createTestContext();
  [org, other] = await Promise.all([createTestOrg(ctx), createTestOrg(ctx)]);
});
afterAll(async () => {
  await ctx?.close();
});

/** Writes events as a change would, without handing them on (a process that died right after its commit). */
const write = (events: NewEvent[]) => ctx.db.transaction().execute((trx) => emitEvents(trx, events));
const dispatched = async (ids: string[]) =>
  (await ctx.db.selectFrom("events").select(["id", "dispatched_at"]).where("id", "in", ids).execute())
    .filter((r) => r.dispatched_at !== null)
    .map((r) => r.id)
    .sort();
const booking = (orgId: string, n: number): NewEvent => ({
  type: "booking.created",
  organizationId: orgId,
  data: { n },
});

describe("the outbox: one source of events, read by every reader", () => {
  it("a process dispatches its own events with the older undispatched ones of the same organisation, never another's", async () => {
    const [early] = await write([booking(org.orgId, 1)]);
    const [foreign] = await write([booking(other.orgId, 2)]);
    const [late] = await write([booking(org.orgId, 3)]);
    await ctx.events!.dispatch([late]);
    // the earlier event of the same organisation goes first (a webhook sees them in order); the other's waits
    expect(await dispatched([early, foreign, late])).toEqual([early, late].sort());
    await ctx.events!.dispatch([foreign]);
    expect(await dispatched([foreign])).toEqual([foreign]);
  });

  it("the worker's sweep takes what a process left behind, only once its grace has passed", async () => {
    const [left] = await write([booking(org.orgId, 4)]);
    await ctx.events!.sweep();
    expect(await dispatched([left])).toEqual([]);
    await ctx.db
      .updateTable("events")
      .set({ created_at: new Date(Date.now() - SWEEP_GRACE_MS - 1000) })
      .where("id", "=", left)
      .execute();
    await ctx.events!.sweep();
    expect(await dispatched([left])).toEqual([left]);
  });
});
