import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCommandRelay } from "../../server/modules/immobilization/command-relay";
import { requestImmobilization } from "../../server/modules/immobilization/immobilization.service";
import { TeltonikaClient } from "../../server/telematics/simulator";
import { attachTestLive, createTestContext, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createOrganisation, createVehicle } from "../support/factories";
import { spawnChild, type Child } from "../support/child-process";

const redisUrl = inject("redisUrl");
if (!redisUrl) console.log("[immobilization] REDIS_URL is not set: the Redis command relay test is skipped");

/**
 * Process A (this test process) is a web process without gateways: it takes the block/unblock request.
 * Process B (a separate Node process) holds the device's connection. The command and the answer travel
 * over the fan-out bus.
 */
function commandSuite(kind: "postgres" | "redis") {
  let ctx: TestContext;
  let org: TestOrg;
  let child: Child<{ teltonika: number }>;
  let devices: Array<Awaited<ReturnType<typeof createVehicle>>>;
  let relay: ReturnType<typeof createCommandRelay>;
  const clients: TeltonikaClient[] = [];

  beforeAll(async () => {
    // IMMOBILIZATION_TIMEOUT_MS is the device's time to answer when the caller gives none.
    ctx = createTestContext({ config: { IMMOBILIZATION_TIMEOUT_MS: "800" } });
    org = await createOrganisation(ctx);
    devices = await Promise.all([1, 2, 3].map(() => createVehicle(ctx, { org, device: "teltonika" })));
    const url = kind === "redis" ? redisUrl : null;
    const { live } = await attachTestLive(ctx, { redisUrl: url });
    expect(live.kind).toBe(kind);
    relay = createCommandRelay({ bus: live, local: null, log: ctx.log });
    ctx.commands = relay;
    child = await spawnChild<{ teltonika: number }>("gateway", {
      DATABASE_URL: inject("databaseUrl"),
      REDIS_URL: url ?? "",
    });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    relay?.close();
    await child?.kill();
    await ctx?.close();
  });

  async function connect(imei: string): Promise<TeltonikaClient> {
    const device = await TeltonikaClient.connect(child.info.teltonika);
    clients.push(device);
    expect(await device.handshake(imei)).toBe(true);
    return device;
  }

  it("blocks and unblocks a device connected to another process, with the device's answers", async () => {
    const [d] = devices;
    const device = await connect(d.imei);
    const admin = await principalFor(ctx, org.adminId);

    const block = requestImmobilization(ctx, admin, { vehicleId: d.id, action: "block" }, { timeoutMs: 5000 });
    expect(await device.receiveCommand(5000)).toBe("setdigout 1");
    await device.respondToCommand("DOUT1:1 DOUT2:0");
    expect(await block).toMatchObject({ status: "Blocked", response: "DOUT1:1 DOUT2:0", error: null, errorCode: null });

    const unblock = requestImmobilization(ctx, admin, { vehicleId: d.id, action: "unblock" }, { timeoutMs: 5000 });
    expect(await device.receiveCommand(5000)).toBe("setdigout 0");
    await device.respondToCommand("DOUT1:0 DOUT2:0");
    expect(await unblock).toMatchObject({ status: "Unblocked", response: "DOUT1:0 DOUT2:0" });

    const rows = await ctx.db
      .selectFrom("device_commands")
      .select(["status", "response"])
      .where("vehicle_id", "=", d.id)
      .orderBy("created_at")
      .execute();
    expect(rows.map((r) => r.status)).toEqual(["Blocked", "Unblocked"]);
  });

  it("reports a device that answers nobody within IMMOBILIZATION_TIMEOUT_MS as Failed: no answer in time", async () => {
    const d = devices[1];
    const device = await connect(d.imei);
    const admin = await principalFor(ctx, org.adminId);
    const started = Date.now();
    const silent = requestImmobilization(ctx, admin, { vehicleId: d.id, action: "block" });
    expect(await device.receiveCommand(5000)).toBe("setdigout 1");
    expect(await silent).toMatchObject({ status: "Failed", error: "no answer in time" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });

  it("reports a device connected to no process as Failed: device offline", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const offline = await requestImmobilization(
      ctx,
      admin,
      { vehicleId: devices[2].id, action: "block" },
      { timeoutMs: 5000 },
    );
    expect(offline).toMatchObject({ status: "Failed", error: "device offline", errorCode: "DEVICE_OFFLINE" });
  });
}

describe("block/unblock across processes over PostgreSQL LISTEN/NOTIFY", () => commandSuite("postgres"));
describe.skipIf(!redisUrl)("block/unblock across processes over Redis pub/sub", () => commandSuite("redis"));
