import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachUnknownDevice, listUnknownDevices } from "../../server/modules/devices/devices.service";
import { fleetCounters, getVehicleLive, listFleetState } from "../../server/modules/positions/fleet.service";
import type { TelematicsRuntime } from "../../server/runtime";
import { TeltonikaClient } from "../../server/telematics/simulator";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { startTestTelematics } from "../support/telematics";
import { countPositions, position, stateOf } from "../support/positions";
import { attachDevices, createVehicle, randomImei } from "../support/factories";

let ctx: TestContext;
let org: TestOrg;
let rt: TelematicsRuntime;
let devices: Awaited<ReturnType<typeof attachDevices>>;

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true, operator: true });
  devices = await attachDevices(ctx, org.orgId, 6);
  rt = await startTestTelematics(ctx);
});
afterAll(async () => {
  await rt?.close();
  await ctx?.close();
});

const t0 = () => new Date(Date.now() - 3600_000);

describe("position pipeline over a real Teltonika connection", () => {
  it("acknowledges a packet only after its records are committed, and drops resent duplicates", async () => {
    const d = devices[0];
    const client = await TeltonikaClient.connect(rt.ports.teltonika!);
    expect(await client.handshake(d.imei)).toBe(true);
    const base = t0().getTime();
    const records = [0, 1, 2].map((i) => ({
      fixTime: new Date(base + i * 10_000),
      latitude: 41.32 + i * 0.001,
      longitude: 19.81,
      speed: 30,
      satellites: 8,
      ignition: true,
    }));
    const acked = await client.sendRecords(records);
    expect(acked).toBe(3);
    // The ack came after the commit: the rows are visible from another connection right away.
    expect(await countPositions(ctx, d.id)).toBe(3);
    const odometer = (await stateOf(ctx, d.id))!.odometer_m;
    expect(await client.sendRecords(records)).toBe(3);
    expect(await countPositions(ctx, d.id)).toBe(3);
    expect((await stateOf(ctx, d.id))!.odometer_m).toBe(odometer);
    client.close();
  });

  it("refuses fixes more than 5 minutes in the future and older than one year, still acknowledging the packet", async () => {
    const d = devices[1];
    const client = await TeltonikaClient.connect(rt.ports.teltonika!);
    await client.handshake(d.imei);
    const future = new Date(Date.now() + 10 * 60_000);
    const old = new Date(Date.now() - 400 * 86_400_000);
    const ok = new Date(Date.now() - 60_000);
    const acked = await client.sendRecords([
      { fixTime: future, latitude: 41.3, longitude: 19.8, satellites: 8 },
      { fixTime: old, latitude: 41.3, longitude: 19.8, satellites: 8 },
      { fixTime: ok, latitude: 41.3, longitude: 19.8, satellites: 8 },
    ]);
    expect(acked).toBe(3);
    const rows = await ctx.db.selectFrom("positions").select("fix_time").where("vehicle_id", "=", d.id).execute();
    expect(rows.map((r) => new Date(r.fix_time).getTime())).toEqual([ok.getTime()]);
    client.close();
  });

  it("accumulates odometer (haversine without device odometer) and engine hours while the ignition is on", async () => {
    const d = devices[2];
    const base = t0().getTime();
    await rt.pipeline.onPositions(d.imei, [
      position(d.imei, { fixTime: new Date(base), ignition: true, speed: 40 }),
      position(d.imei, { fixTime: new Date(base + 60_000), latitude: 41.3365, ignition: true, speed: 40 }),
      position(d.imei, { fixTime: new Date(base + 120_000), latitude: 41.3365, ignition: false, speed: 0 }),
    ]);
    const s = (await stateOf(ctx, d.id))!;
    expect(s.odometer_m).toBeGreaterThan(990);
    expect(s.odometer_m).toBeLessThan(1010);
    expect(s.engine_hours_s).toBe(120);
    expect(s.ignition).toBe(false);
    const stored = await ctx.db
      .selectFrom("positions")
      .select(["odometer_m"])
      .where("vehicle_id", "=", d.id)
      .orderBy("fix_time")
      .execute();
    expect(stored.map((r) => Math.round(r.odometer_m))).toEqual([
      0,
      Math.round(s.odometer_m),
      Math.round(s.odometer_m),
    ]);
  });

  it("uses the device odometer when it reports one", async () => {
    const d = devices[3];
    const base = t0().getTime();
    await rt.pipeline.onPositions(d.imei, [
      position(d.imei, { fixTime: new Date(base), odometer: 5_000_000, ignition: true }),
      position(d.imei, {
        fixTime: new Date(base + 60_000),
        odometer: 5_000_750,
        latitude: 41.4,
        ignition: true,
        speed: 45,
      }),
    ]);
    expect((await stateOf(ctx, d.id))!.odometer_m).toBe(750);
  });

  it("feeds the fleet state with status, display state, counters and faults", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const d = devices[4];
    await rt.pipeline.onPositions(d.imei, [
      position(d.imei, { fixTime: new Date(), ignition: true, speed: 52, course: 90 }),
    ]);
    const live = await getVehicleLive(ctx, admin, d.id);
    expect(live).toMatchObject({
      status: "Moving",
      displayState: "moving",
      ignition: 1,
      speed: 52,
      course: 90,
      faults: [],
    });
    const fleet = await listFleetState(ctx, admin);
    expect(fleet).toHaveLength(25);
    const withoutPositions = fleet.filter((v) => v.fixTime === null);
    expect(withoutPositions.every((v) => v.status === "Unknown")).toBe(true);
    expect(withoutPositions.filter((v) => v.deviceImei).every((v) => v.faults.includes("noPositions"))).toBe(true);
    const c = fleetCounters(fleet);
    expect(c.total).toBe(25);
    expect(c.moving).toBeGreaterThanOrEqual(1);
    expect(c.unknown).toBe(withoutPositions.length);
    expect((await listFleetState(ctx, admin, { q: d.registration })).map((v) => v.vehicleId)).toEqual([d.id]);
  });

  it("scopes the fleet to the user's team", async () => {
    const teamUser = await ctx.db
      .selectFrom("users")
      .innerJoin("roles", "roles.id", "users.role_id")
      .select(["users.id", "users.team_id"])
      .where("users.org_id", "=", org.orgId)
      .where("roles.key", "=", "dispatcher")
      .executeTakeFirstOrThrow();
    const p = await principalFor(ctx, teamUser.id);
    const fleet = await listFleetState(ctx, p);
    expect(fleet.length).toBeGreaterThan(0);
    expect(fleet.every((v) => v.teamId === teamUser.team_id)).toBe(true);
  });
});

describe("unknown devices", () => {
  it("refuses an unknown identifier, records it, and accepts it once attached to a vehicle", async () => {
    const imei = randomImei();
    const client = await TeltonikaClient.connect(rt.ports.teltonika!);
    expect(await client.handshake(imei)).toBe(false);
    client.close();
    const admin = await principalFor(ctx, org.adminId);
    const listed = await listUnknownDevices(ctx, admin);
    expect(listed.find((u) => u.identifier === imei)).toMatchObject({ protocol: "teltonika", attempts: 1 });

    const viewer = await ctx.db
      .selectFrom("users")
      .innerJoin("roles", "roles.id", "users.role_id")
      .select("users.id")
      .where("users.org_id", "=", org.orgId)
      .where("roles.key", "=", "viewer")
      .executeTakeFirstOrThrow();
    await expect(listUnknownDevices(ctx, await principalFor(ctx, viewer.id))).rejects.toMatchObject({
      code: "FORBIDDEN",
    });

    const vehicle = devices[5];
    await attachUnknownDevice(ctx, admin, { identifier: imei, vehicleId: vehicle.id });
    const again = await TeltonikaClient.connect(rt.ports.teltonika!);
    expect(await again.handshake(imei)).toBe(true);
    expect(await again.sendRecords([{ fixTime: new Date(), latitude: 41.33, longitude: 19.82, satellites: 7 }])).toBe(
      1,
    );
    expect(await countPositions(ctx, vehicle.id)).toBe(1);
    again.close();
    expect((await listUnknownDevices(ctx, admin)).some((u) => u.identifier === imei)).toBe(false);
  });

  it("shows unclaimed identifiers only to administrators of the organisation that runs the installation", async () => {
    const tenant = await createTestOrg(ctx);
    const tenantAdmin = await principalFor(ctx, tenant.adminId);
    expect(tenantAdmin.operator).toBe(false);
    await expect(listUnknownDevices(ctx, tenantAdmin)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const imei = randomImei();
    await ctx.db
      .insertInto("unknown_devices")
      .values({ identifier: imei, protocol: "teltonika", remote_address: "127.0.0.1" })
      .execute();
    const mine = await createVehicle(ctx, { org: tenant, registration: "TN 001 AA", category: "Car" });
    await expect(attachUnknownDevice(ctx, tenantAdmin, { identifier: imei, vehicleId: mine.id })).rejects.toMatchObject(
      { code: "FORBIDDEN" },
    );
  });

  it("will not attach to another organisation's vehicle", async () => {
    const other = await createTestOrg(ctx, { demo: true });
    const theirs = await ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", other.orgId)
      .executeTakeFirstOrThrow();
    const imei = randomImei();
    await ctx.db
      .insertInto("unknown_devices")
      .values({ identifier: imei, protocol: "gt06", remote_address: "127.0.0.1" })
      .execute();
    const admin = await principalFor(ctx, org.adminId);
    await expect(attachUnknownDevice(ctx, admin, { identifier: imei, vehicleId: theirs.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
