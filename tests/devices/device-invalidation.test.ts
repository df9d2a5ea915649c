import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createLiveBus, type LiveBus } from "../../server/modules/live/live-bus";
import { DeviceRegistry, sharedDeviceRegistry } from "../../server/modules/devices/device-registry";
import { createTestContext, createTestOrg, type TestContext } from "../support/context";
import { randomImei } from "../support/factories";
import { waitFor } from "../support/wait";

/**
 * A device attached to another vehicle on a web process is looked up afresh by the gateway process at once,
 * not after the registry's 30-second cache: the invalidation crosses processes on the live bus.
 */
describe("device registry invalidation across processes (PostgreSQL NOTIFY)", () => {
  let ctx: TestContext;
  const buses: LiveBus[] = [];

  beforeAll(async () => {
    ctx = createTestContext();
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await ctx?.close();
  });

  it("drops the gateway's cached lookup when the web process invalidates the identifier", async () => {
    const org = await createTestOrg(ctx, { demo: true });
    const [a, b] = await ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.orgId)
      .orderBy("registration")
      .limit(2)
      .execute();
    const imei = randomImei();
    await ctx.db
      .updateTable("vehicles")
      .set({ device_imei: imei, device_protocol: "teltonika" })
      .where("id", "=", a.id)
      .execute();
    const open = async () => {
      const bus = await createLiveBus({ databaseUrl: inject("databaseUrl"), log: ctx.log });
      buses.push(bus);
      return sharedDeviceRegistry(new DeviceRegistry(ctx.db), bus);
    };
    const [web, gateway] = [await open(), await open()];
    expect(await gateway.lookup(imei)).toMatchObject({ vehicleId: a.id });

    // the device moves to vehicle b (as devices.service does it), and the web process says so
    await ctx.db.updateTable("vehicles").set({ device_imei: null }).where("id", "=", a.id).execute();
    await ctx.db
      .updateTable("vehicles")
      .set({ device_imei: imei, device_protocol: "teltonika" })
      .where("id", "=", b.id)
      .execute();
    expect(await gateway.lookup(imei)).toMatchObject({ vehicleId: a.id }); // still the cached answer
    web.invalidate(imei);
    await waitFor(async () => (await gateway.lookup(imei))?.vehicleId === b.id, 10_000, 50);
    web.close();
    gateway.close();
  });
});
