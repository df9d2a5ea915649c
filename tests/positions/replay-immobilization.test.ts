import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  listImmobilizationHistory,
  requestImmobilization,
} from "../../server/modules/immobilization/immobilization.service";
import { getReplay, replayToCsv, replayToGpx } from "../../server/modules/positions/replay.service";
import type { TelematicsRuntime } from "../../server/runtime";
import { TeltonikaClient } from "../../server/telematics/simulator";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { startTestTelematics } from "../support/telematics";
import { position } from "../support/positions";
import { attachDevices } from "../support/factories";

let ctx: TestContext;
let org: TestOrg;
let rt: TelematicsRuntime;
let devices: Awaited<ReturnType<typeof attachDevices>>;

async function userWithRole(orgId: string, key: string) {
  const u = await ctx.db
    .selectFrom("users")
    .innerJoin("roles", "roles.id", "users.role_id")
    .select("users.id")
    .where("users.org_id", "=", orgId)
    .where("roles.key", "=", key)
    .executeTakeFirstOrThrow();
  return principalFor(ctx, u.id);
}

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
  devices = await attachDevices(ctx, org.orgId, 3);
  rt = await startTestTelematics(ctx);
});
afterAll(async () => {
  await rt?.close();
  await ctx?.close();
});

describe("replay", () => {
  const base = Date.now() - 2 * 3600_000;
  const at = (min: number) => new Date(base + min * 60_000);

  beforeAll(async () => {
    const d = devices[0];
    const pts = [
      position(d.imei, { fixTime: at(0), latitude: 41.32, speed: 40, ignition: true }),
      position(d.imei, { fixTime: at(1), latitude: 41.329, speed: 45, ignition: true }),
      position(d.imei, { fixTime: at(2), latitude: 41.338, speed: 0, ignition: false }),
      position(d.imei, { fixTime: at(12), latitude: 41.338, speed: 0, ignition: false }),
      position(d.imei, { fixTime: at(13), latitude: 41.347, speed: 60, ignition: true }),
      position(d.imei, { fixTime: at(14), latitude: 41.348, speed: 0, satellites: 0, valid: false }),
    ];
    await rt.pipeline.onPositions(d.imei, pts);
  });

  it("returns valid fixes in order with stops, distance and top speed", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const r = await getReplay(ctx, admin, { vehicleId: devices[0].id, from: at(-1), to: at(20) });
    expect(r.points.map((p) => p.t)).toEqual([0, 1, 2, 12, 13].map((m) => at(m).toISOString()));
    expect(r.stops).toEqual([
      { from: at(2).toISOString(), to: at(13).toISOString(), lat: 41.338, lon: 19.8187, durationS: 660 },
    ]);
    expect(r.distanceKm).toBeGreaterThan(2.9);
    expect(r.distanceKm).toBeLessThan(3.1);
    expect(r.maxSpeed).toBe(60);
  });

  it("exports GPX and CSV", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const r = await getReplay(ctx, admin, { vehicleId: devices[0].id, from: at(-1), to: at(20) });
    const gpx = replayToGpx(r, { registration: "AA <1> & B" });
    expect(gpx).toContain('<gpx version="1.1"');
    expect(gpx.match(/<trkpt /g)).toHaveLength(5);
    expect(gpx.match(/<wpt /g)).toHaveLength(1);
    expect(gpx).toContain("AA &lt;1&gt; &amp; B");
    const csv = replayToCsv(r).trim().split("\r\n");
    expect(csv[0]).toBe("time,latitude,longitude,speed_kmh,course,ignition");
    expect(csv).toHaveLength(6);
    expect(csv[3]).toBe(`${at(2).toISOString()},41.338,19.8187,0,0,0`);
  });

  it("refuses periods reaching beyond one year back, reversed or longer than 31 days", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const id = devices[0].id;
    const day = 86_400_000;
    await expect(
      getReplay(ctx, admin, {
        vehicleId: id,
        from: new Date(Date.now() - 366 * day),
        to: new Date(Date.now() - 360 * day),
      }),
    ).rejects.toMatchObject({ code: "PERIOD_TOO_OLD" });
    await expect(
      getReplay(ctx, admin, {
        vehicleId: id,
        from: new Date(Date.now() - 360 * day),
        to: new Date(Date.now() - 359 * day),
      }),
    ).resolves.toMatchObject({ points: [] });
    await expect(getReplay(ctx, admin, { vehicleId: id, from: at(5), to: at(5) })).rejects.toMatchObject({
      code: "PERIOD_INVALID",
    });
    await expect(
      getReplay(ctx, admin, { vehicleId: id, from: new Date(Date.now() - 32 * day), to: new Date() }),
    ).rejects.toMatchObject({ code: "PERIOD_INVALID" });
  });

  it("needs replay:read and hides other organisations' vehicles", async () => {
    const driver = await userWithRole(org.orgId, "driver");
    await expect(getReplay(ctx, driver, { vehicleId: devices[0].id, from: at(0), to: at(5) })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const other = await createTestOrg(ctx, { demo: true });
    const outsider = await principalFor(ctx, other.adminId);
    await expect(getReplay(ctx, outsider, { vehicleId: devices[0].id, from: at(0), to: at(5) })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("immobilisation", () => {
  it("records Blocked when the device answers the engine-stop command", async () => {
    const d = devices[1];
    const device = await TeltonikaClient.connect(rt.ports.teltonika!);
    expect(await device.handshake(d.imei)).toBe(true);
    const admin = await principalFor(ctx, org.adminId);
    const asked = requestImmobilization(ctx, admin, { vehicleId: d.id, action: "block" }, { timeoutMs: 5000 });
    const text = await device.receiveCommand(5000);
    expect(text).toBe("setdigout 1");
    await device.respondToCommand("DOUT1:1 DOUT2:0");
    const result = await asked;
    expect(result).toMatchObject({ status: "Blocked", response: "DOUT1:1 DOUT2:0", error: null });

    const unblock = requestImmobilization(ctx, admin, { vehicleId: d.id, action: "unblock" }, { timeoutMs: 5000 });
    expect(await device.receiveCommand(5000)).toBe("setdigout 0");
    await device.respondToCommand("DOUT1:0 DOUT2:0");
    expect((await unblock).status).toBe("Unblocked");
    device.close();

    const history = await listImmobilizationHistory(ctx, admin, { vehicleId: d.id });
    expect(history.items.map((h) => h.status)).toEqual(["Unblocked", "Blocked"]);
    expect(history.items[0].requestedBy).toBeTruthy();
    expect(history.items[0].requestedById).toBe(org.adminId);
  });

  it("records Failed: device offline when not connected, no answer in time on timeout", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const offline = await requestImmobilization(ctx, admin, { vehicleId: devices[2].id, action: "block" });
    expect(offline).toMatchObject({ status: "Failed", error: "device offline", errorCode: "DEVICE_OFFLINE" });

    const d = devices[2];
    const device = await TeltonikaClient.connect(rt.ports.teltonika!);
    await device.handshake(d.imei);
    const silent = await requestImmobilization(ctx, admin, { vehicleId: d.id, action: "block" }, { timeoutMs: 200 });
    expect(silent).toMatchObject({ status: "Failed", error: "no answer in time" });
    device.close();
    const rows = await ctx.db
      .selectFrom("device_commands")
      .select(["status", "error", "answered_at"])
      .where("vehicle_id", "=", d.id)
      .execute();
    expect(rows.every((r) => r.status === "Failed" && r.answered_at)).toBe(true);
  });

  it("refuses users without immobilization:command, hides the history without immobilization:read, isolates organisations", async () => {
    const viewer = await userWithRole(org.orgId, "viewer");
    await expect(
      requestImmobilization(ctx, viewer, { vehicleId: devices[1].id, action: "block" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listImmobilizationHistory(ctx, viewer, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    const dispatcher = await userWithRole(org.orgId, "dispatcher");
    await expect(
      requestImmobilization(ctx, dispatcher, { vehicleId: devices[1].id, action: "block" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });

    const other = await createTestOrg(ctx, { demo: true });
    const outsider = await principalFor(ctx, other.adminId);
    await expect(
      requestImmobilization(ctx, outsider, { vehicleId: devices[1].id, action: "block" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listImmobilizationHistory(ctx, outsider, {})).total).toBe(0);
    const before = await ctx.db
      .selectFrom("device_commands")
      .select("id")
      .where("vehicle_id", "=", devices[1].id)
      .execute();
    expect(before).toHaveLength(2);
  });

  it("answers COMMAND_UNSUPPORTED for a phone (OsmAnd) device", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const [phone] = await ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.orgId)
      .where("device_imei", "is", null)
      .limit(1)
      .execute();
    await ctx.db
      .updateTable("vehicles")
      .set({ device_imei: `osm-${phone.id.slice(0, 8)}`, device_protocol: "osmand" })
      .where("id", "=", phone.id)
      .execute();
    await expect(requestImmobilization(ctx, admin, { vehicleId: phone.id, action: "block" })).rejects.toMatchObject({
      code: "COMMAND_UNSUPPORTED",
    });
  });
});
