import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PositionHook } from "../../server/modules/positions/position-hooks";
import { createPositionPipeline } from "../../server/modules/positions/positions.service";
import { createTestContext, type TestContext, type TestOrg } from "../support/context";
import { createOrganisation, createVehicle } from "../support/factories";
import { countPositions, position } from "../support/positions";

let ctx: TestContext;
let org: TestOrg;
let devices: Array<Awaited<ReturnType<typeof createVehicle>>>;

beforeAll(async () => {
  ctx = createTestContext();
  org = await createOrganisation(ctx);
  devices = [await createVehicle(ctx, { org, device: true }), await createVehicle(ctx, { org, device: true })];
});
afterAll(async () => ctx?.close());

/** Rows a test hook writes: unknown_devices is a table without foreign keys, handy as a scratch pad. */
const marks = async (prefix: string) =>
  (
    await ctx.db
      .selectFrom("unknown_devices")
      .select("identifier")
      .where("identifier", "like", `${prefix}%`)
      .orderBy("identifier")
      .execute()
  ).map((r) => r.identifier);

describe("position hooks: a list of modules riding along the position transaction", () => {
  it("each hook sees every vehicle's new fixes in fix-time order, writes in the same transaction, and acts after the commit", async () => {
    const [a, b] = devices;
    const tag = `h${Date.now().toString(36)}`;
    const seen: string[] = [];
    const committedAt: number[] = [];
    const recorder: PositionHook = {
      name: "recorder",
      async begin(orgIds) {
        expect(orgIds).toEqual([org.orgId]);
        const found: Array<{ vehicleId: string; t: number }> = [];
        return {
          onFix(device, state, before, fix) {
            expect(state.lastFixTime).toBe(fix.fixTime);
            expect(before.lastFixTime === null || before.lastFixTime < fix.fixTime).toBe(true);
            found.push({ vehicleId: device.vehicleId, t: fix.fixTime });
            seen.push(`${device.vehicleId === a.id ? "a" : "b"}@${fix.fixTime}`);
          },
          hasWrites: () => found.length > 0,
          async write(trx) {
            for (const f of found) {
              await trx
                .insertInto("unknown_devices")
                .values({
                  identifier: `${tag}-ok-${f.t}-${f.vehicleId.slice(0, 4)}`,
                  protocol: "hook",
                  remote_address: "test",
                })
                .execute();
            }
          },
          async afterCommit() {
            // Committed: another connection sees both the positions and the hook's rows.
            committedAt.push(await countPositions(ctx, a.id));
          },
        };
      },
    };
    const failing: PositionHook = {
      name: "failing",
      async begin() {
        return {
          async write(trx) {
            await trx
              .insertInto("unknown_devices")
              .values({ identifier: `${tag}-bad`, protocol: "hook", remote_address: "test" })
              .execute();
            await sql`SELECT 1 / 0`.execute(trx);
          },
        };
      },
    };
    const pipeline = createPositionPipeline({
      db: ctx.db,
      log: ctx.log,
      hooks: [recorder, failing],
      lookup: async (id) =>
        id === a.imei
          ? { vehicleId: a.id, orgId: org.orgId }
          : id === b.imei
            ? { vehicleId: b.id, orgId: org.orgId }
            : null,
    });
    const t = Date.now() - 3600_000;
    // Out of order inside the packet: the hooks still see them sorted.
    await pipeline.onPositions(
      a.imei,
      [t + 2000, t, t + 1000].map((ms) => position(a.imei, { fixTime: new Date(ms), speed: 10, ignition: true })),
    );
    // Acknowledged only after the commit: the hook's rows are there already.
    expect(await marks(`${tag}-ok`)).toHaveLength(3);
    await Promise.all([
      pipeline.onPositions(b.imei, [position(b.imei, { fixTime: new Date(t + 500) })]),
      // older than the vehicle's last fix: stored, but it does not move the state, so no hook sees it
      pipeline.onPositions(a.imei, [
        position(a.imei, { fixTime: new Date(t + 1500) }),
        position(a.imei, { fixTime: new Date(t + 3000) }),
      ]),
    ]);
    await pipeline.close();

    expect(seen.filter((s) => s.startsWith("a"))).toEqual([t, t + 1000, t + 2000, t + 3000].map((ms) => `a@${ms}`));
    expect(seen.filter((s) => s.startsWith("b"))).toEqual([`b@${t + 500}`]);
    expect(await countPositions(ctx, a.id)).toBe(5);
    expect(await marks(`${tag}-ok`)).toHaveLength(5);
    // The failing hook's write was undone on its own; the positions and the other hook's rows were kept.
    expect(await marks(`${tag}-bad`)).toEqual([]);
    expect(committedAt[0]).toBe(3);
    expect(committedAt).toHaveLength(pipeline.stats.transactions);
  });
});
