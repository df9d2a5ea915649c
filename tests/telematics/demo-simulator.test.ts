import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization, seedDemo } from "../../server/seed/seed";
import { startDemoSimulator, type DemoSimulator } from "../../server/simulator";
import type { TelematicsRuntime } from "../../server/runtime";
import { createTestContext, type TestContext } from "../support/context";
import { startTestTelematics } from "../support/telematics";
import { waitFor } from "../support/wait";

/** The demo fleet (the real seed, default device identifiers) driven over its protocols into the gateways. */
describe("demo fleet simulator", () => {
  let ctx: TestContext;
  let rt: TelematicsRuntime;
  let sim: DemoSimulator | undefined;
  let orgId: string;

  beforeAll(async () => {
    ctx = createTestContext();
    const { org, roles } = await createOrganization(ctx.db, {
      name: `Demo ${randomUUID().slice(0, 6)}`,
      admin: { email: `admin-${randomUUID().slice(0, 8)}@test.flota`, password: "test-password-1" },
    });
    orgId = org.id;
    await seedDemo(ctx.db, org.id, roles, { emailDomain: `${org.id.slice(0, 8)}.test.flota` });
    rt = await startTestTelematics(ctx);
  });
  afterAll(async () => {
    await sim?.stop();
    await rt?.close();
    await ctx?.close();
  });

  it("seeds one JT/T 808 and one Queclink vehicle and drives them beside Teltonika and OsmAnd", async () => {
    const protocols = await ctx.db
      .selectFrom("vehicles")
      .select(["id", "device_protocol"])
      .where("device_imei", "is not", null)
      .where("org_id", "=", orgId)
      .execute();
    const byProtocol = (p: string) => protocols.filter((v) => v.device_protocol === p).map((v) => v.id);
    expect(byProtocol("jt808")).toHaveLength(1);
    expect(byProtocol("queclink")).toHaveLength(1);

    sim = await startDemoSimulator(ctx, rt.ports, { intervalMs: [20, 60], orgId });
    expect(sim.vehicles).toBe(25);
    const stored = async (vehicleId: string) =>
      Number(
        (
          await ctx.db
            .selectFrom("positions")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("vehicle_id", "=", vehicleId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const watched = [
      ...byProtocol("jt808"),
      ...byProtocol("queclink"),
      byProtocol("teltonika")[0],
      byProtocol("osmand")[0],
    ];
    await waitFor(async () => (await Promise.all(watched.map(stored))).every((n) => n >= 2), 20_000, 200);
    const state = await ctx.db
      .selectFrom("vehicle_state")
      .select(["vehicle_id", "lat"])
      .where("vehicle_id", "in", watched)
      .execute();
    expect(state).toHaveLength(4);
    for (const s of state) expect(Math.abs(Number(s.lat) - 41.33)).toBeLessThan(0.3);
  }, 30_000);
});
