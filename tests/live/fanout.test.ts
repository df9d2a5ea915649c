import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { issueSession } from "../../server/modules/auth/auth.service";
import { subscribePositions } from "../../server/modules/live/subscriptions";
import type { TelematicsRuntime } from "../../server/runtime";
import { attachTestLive, createTestContext, principalFor, type TestContext, type TestOrg } from "../support/context";
import { startTestTelematics } from "../support/telematics";
import { spawnChild, type Child } from "../support/child-process";
import { createOrganisation, createVehicle } from "../support/factories";
import { position } from "../support/positions";
import { LiveClient } from "../support/live-client";

const redisUrl = inject("redisUrl");
if (!redisUrl) console.log("[live] REDIS_URL is not set: the Redis fan-out test is skipped");

/**
 * Process A (this test process) stores positions through its gateway pipeline and publishes on the bus;
 * process B (a separate Node process) holds the WebSocket client.
 */
function fanOutSuite(kind: "postgres" | "redis") {
  let ctx: TestContext;
  let org: TestOrg;
  let rt: TelematicsRuntime;
  let child: Child<{ port: number }>;
  let devices: Array<Awaited<ReturnType<typeof createVehicle>>>;

  beforeAll(async () => {
    ctx = createTestContext();
    org = await createOrganisation(ctx);
    devices = [await createVehicle(ctx, { org, device: true }), await createVehicle(ctx, { org, device: true })];
    const url = kind === "redis" ? redisUrl : null;
    expect((await attachTestLive(ctx, { redisUrl: url })).live.kind).toBe(kind);
    rt = await startTestTelematics(ctx);
    child = await spawnChild<{ port: number }>("live", { DATABASE_URL: inject("databaseUrl"), REDIS_URL: url ?? "" });
  });
  afterAll(async () => {
    await child?.kill();
    await rt?.close();
    await ctx?.close();
  });

  it("delivers a position stored by process A to a WebSocket client of process B", async () => {
    const [watched, other] = devices;
    const admin = await principalFor(ctx, org.adminId);
    const user = await ctx.db
      .selectFrom("users")
      .select(["id", "org_id", "web_only"])
      .where("id", "=", org.adminId)
      .executeTakeFirstOrThrow();
    const { socketToken } = await issueSession(ctx, user, "web", { ip: null, userAgent: "fanout" });
    const ch = `markers-${org.adminId}-${Math.floor(Date.now() / 1000)}`;
    expect((await subscribePositions(ctx, admin, ch, [watched.id])).vehicles).toEqual([watched.id]);

    const client = await LiveClient.open(
      `ws://127.0.0.1:${child.info.port}/live?token=${encodeURIComponent(socketToken)}`,
    );
    expect((await client.waitFor((m) => m.type === "ready")).vehicles).toEqual([watched.id]);

    const t = Date.now() - 1000;
    await rt.pipeline.onPositions(other.imei, [
      position(other.imei, { fixTime: new Date(t), speed: 20, ignition: true }),
    ]);
    await rt.pipeline.onPositions(watched.imei, [
      position(watched.imei, { fixTime: new Date(t), speed: 33, ignition: true, latitude: 41.34 }),
    ]);
    const msg = await client.waitFor((m) => m.type === "position");
    expect(msg).toMatchObject({ vehicleId: watched.id, speed: 33, latitude: 41.34, status: "Moving" });
    expect(client.positions(other.id)).toHaveLength(0);

    // A subscription added in process A reaches process B's hub through the same channel.
    await subscribePositions(ctx, admin, ch, [other.id]);
    await new Promise((r) => setTimeout(r, 300));
    await rt.pipeline.onPositions(other.imei, [
      position(other.imei, { fixTime: new Date(t + 1000), speed: 21, ignition: true }),
    ]);
    await client.waitFor((m) => m.type === "position" && m.vehicleId === other.id);
    client.close();
  });
}

describe("two-process fan-out over PostgreSQL LISTEN/NOTIFY", () => fanOutSuite("postgres"));
describe.skipIf(!redisUrl)("two-process fan-out over Redis pub/sub", () => fanOutSuite("redis"));
