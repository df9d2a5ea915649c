import { randomUUID } from "node:crypto";
import { connectAsync, type IPublishPacket, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderMetrics } from "../../server/metrics";
import { createForwardingTarget, updateForwardingTarget } from "../../server/modules/forwarding";
import { verifySignature } from "../../server/shared/signing";
import type { TelematicsRuntime } from "../../server/runtime";
import { createTestContext, principalFor, type TestContext } from "../support/context";
import { createOrganisation, createVehicle } from "../support/factories";
import { startTestTelematics } from "../support/telematics";
import { waitFor } from "../support/wait";
import { position } from "../support/positions";
import { startReceiver, type Receiver } from "./receiver";

let ctx: TestContext;
let rt: TelematicsRuntime;
const receivers: Receiver[] = [];
const base = Date.now() - 3_600_000;

beforeAll(async () => {
  ctx = createTestContext({
    config: {
      OUTBOUND_ALLOW_PRIVATE: "true",
      FORWARDING_BATCH_MS: "20",
      FORWARDING_RETRY_MS: "20",
      FORWARDING_TIMEOUT_MS: "60000",
    },
  });
  rt = await startTestTelematics(ctx);
});
afterAll(async () => {
  for (const r of receivers) r.release();
  await rt?.close();
  await Promise.all(receivers.map((r) => r.close()));
  await ctx?.close();
});

async function receiver() {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

/** An organisation with one vehicle (OsmAnd device) and a target sending its positions to `url`. */
async function orgWithTarget(kind: "http" | "mqtt", url: string, topic?: string) {
  const org = await createOrganisation(ctx);
  const vehicle = await createVehicle(ctx, { org, device: "osmand", registration: `FW ${randomUUID().slice(0, 5)}` });
  const admin = await principalFor(ctx, org.adminId);
  const target = await createForwardingTarget(ctx, admin, {
    name: `Target ${kind}`,
    kind,
    url,
    topic: topic ?? null,
    secret: null,
    active: true,
  });
  await rt.forwarding.reload();
  return { org, vehicle, admin, target };
}

/** `n` fixes one minute apart, delivered as one device packet (the gateway's onPositions: resolves = acknowledged). */
async function drive(imei: string, n: number, from = 0) {
  const fixes = Array.from({ length: n }, (_, i) =>
    position(imei, {
      protocol: "osmand",
      fixTime: new Date(base + (from + i) * 60_000),
      latitude: 41.3 + (from + i) / 1000,
      longitude: 19.8,
      speed: 30 + i,
      course: 90,
      ignition: true,
    }),
  );
  return rt.pipeline.onPositions(imei, fixes);
}

const metric = async (name: string, kind: string) => {
  const line = (await renderMetrics()).split("\n").find((l) => l.startsWith(`${name}{kind="${kind}"}`));
  return Number(line?.split(" ")[1] ?? 0);
};

describe("position forwarding over HTTP", () => {
  it("sends each committed position once, in signed JSON batches, in fix-time order, with the vehicle's details", async () => {
    const r = await receiver();
    const { vehicle, target } = await orgWithTarget("http", r.url);
    expect(await drive(vehicle.imei, 6)).toBe(6);
    await waitFor(() => r.positions().length >= 6);
    // one packet is one commit: its fixes go out together, in one batch
    expect(r.batches).toHaveLength(1);
    const [batch] = r.batches;
    expect(verifySignature(target.secret, batch.body, batch.signature)).toBe(true);
    expect(batch.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(batch.batchHeader).toBe(batch.json.batch_id);
    const times = batch.json.positions.map((p) => p.time);
    expect(times).toEqual([...times].sort());
    expect(batch.json.positions[0]).toEqual({
      vehicle_id: vehicle.id,
      registration: vehicle.registration,
      device_id: vehicle.imei,
      time: new Date(base).toISOString(),
      lat: 41.3,
      lon: 19.8,
      speed: 30,
      course: 90,
      altitude: 110,
      satellites: 9,
      valid: true,
      ignition: true,
      odometer_m: 0,
      device_odometer_m: null,
      alarm: null,
    });
    // a packet resent by the device (already stored) is not forwarded again
    expect(await drive(vehicle.imei, 1, 5)).toBe(1);
    expect(await drive(vehicle.imei, 2, 6)).toBe(2);
    await waitFor(() => r.positions().length >= 8);
    await rt.settle();
    expect(r.positions().map((p) => p.time)).toEqual(
      Array.from({ length: 8 }, (_, i) => new Date(base + i * 60_000).toISOString()),
    );
    await waitFor(async () => {
      const row = await ctx.db
        .selectFrom("forwarding_targets")
        .selectAll()
        .where("id", "=", target.id)
        .executeTakeFirstOrThrow();
      return row.sent_count === 8 && row.last_status === "ok";
    });
  });

  it("retries a batch the receiver refused (500) until it is accepted, counting the failed attempt", async () => {
    const r = await receiver();
    r.answers.push(500);
    const failedBefore = await metric("flota_forwarding_failed_batches_total", "http");
    const { vehicle, target } = await orgWithTarget("http", r.url);
    await drive(vehicle.imei, 3);
    await waitFor(() => r.positions().length >= 3);
    expect(r.requests).toBe(2);
    expect(r.positions()).toHaveLength(3);
    expect(await metric("flota_forwarding_failed_batches_total", "http")).toBe(failedBefore + 1);
    await waitFor(async () => {
      const row = await ctx.db
        .selectFrom("forwarding_targets")
        .selectAll()
        .where("id", "=", target.id)
        .executeTakeFirstOrThrow();
      return row.failed_batches === 1 && row.sent_count === 3 && row.last_status === "ok";
    });
  });

  it("forwards an organisation's positions only to its own targets", async () => {
    const [ra, rb] = [await receiver(), await receiver()];
    const a = await orgWithTarget("http", ra.url);
    const b = await orgWithTarget("http", rb.url);
    const c = await createVehicle(ctx, { device: "osmand" }); // an organisation without targets
    await Promise.all([drive(a.vehicle.imei, 2), drive(b.vehicle.imei, 3), drive(c.imei, 4)]);
    await waitFor(() => ra.positions().length >= 2 && rb.positions().length >= 3);
    await rt.settle();
    expect(new Set(ra.positions().map((p) => p.vehicle_id))).toEqual(new Set([a.vehicle.id]));
    expect(new Set(rb.positions().map((p) => p.vehicle_id))).toEqual(new Set([b.vehicle.id]));
    expect(ra.positions()).toHaveLength(2);
    expect(rb.positions()).toHaveLength(3);
  });

  it("a paused target gets nothing", async () => {
    const r = await receiver();
    const { vehicle, target, admin } = await orgWithTarget("http", r.url);
    await updateForwardingTarget(ctx, admin, target.id, {
      name: target.name,
      kind: "http",
      url: r.url,
      topic: null,
      secret: null,
      active: false,
    });
    await rt.forwarding.reload();
    await drive(vehicle.imei, 2);
    await rt.settle();
    expect(rt.forwarding.depths()[target.id]).toBeUndefined();
    expect(r.requests).toBe(0);
  });

  it("acknowledges the device while the receiver hangs", async () => {
    const r = await receiver();
    r.setHang(true);
    const { vehicle } = await orgWithTarget("http", r.url);
    await drive(vehicle.imei, 1);
    await waitFor(() => r.hanging === 1);
    // the receiver holds the first batch without answering; the device's next position is stored and acknowledged
    const q = new URLSearchParams({
      id: vehicle.imei,
      lat: "41.4",
      lon: "19.9",
      timestamp: String(Math.floor((base + 10 * 60_000) / 1000)),
      speed: "10",
      valid: "true",
    });
    const res = await fetch(`http://127.0.0.1:${rt.ports.osmand}/?${q}`, { method: "POST" });
    expect(res.status).toBe(200);
    const stored = await ctx.db
      .selectFrom("positions")
      .select("fix_time")
      .where("vehicle_id", "=", vehicle.id)
      .execute();
    expect(stored).toHaveLength(2);
    expect(r.hanging).toBe(1);
    expect(r.positions()).toHaveLength(0);
    // once the receiver answers, the waiting position follows
    r.release();
    await waitFor(() => r.positions().length === 1);
  });
});

describe("position forwarding over MQTT (Mosquitto on 127.0.0.1:1883)", () => {
  let sub: MqttClient;
  afterAll(async () => sub?.endAsync(true));

  it("publishes signed batches (MQTT 5 user property X-Flota-Signature) to the target's topic", async () => {
    const topic = `flota-test/${randomUUID()}`;
    sub = await connectAsync("mqtt://127.0.0.1:1883", { protocolVersion: 5 });
    const received: IPublishPacket[] = [];
    sub.on("message", (_t, _payload, packet) => received.push(packet));
    await sub.subscribeAsync(topic, { qos: 1 });
    const { vehicle, target } = await orgWithTarget("mqtt", "mqtt://127.0.0.1:1883", topic);
    await drive(vehicle.imei, 4);
    await waitFor(() => received.length >= 1);
    const [packet] = received;
    const body = packet.payload.toString();
    const signature = packet.properties?.userProperties?.["X-Flota-Signature"];
    expect(verifySignature(target.secret, body, String(signature))).toBe(true);
    const json = JSON.parse(body) as { positions: Array<{ vehicle_id: string; registration: string }> };
    expect(json.positions).toHaveLength(4);
    expect(json.positions.every((p) => p.vehicle_id === vehicle.id && p.registration === vehicle.registration)).toBe(
      true,
    );
    expect(packet.properties?.contentType).toBe("application/json");
  });
});

describe("a bounded queue when the receiver is down", () => {
  let small: TestContext;
  let srt: TelematicsRuntime | undefined;
  afterAll(async () => {
    await srt?.close();
    await small?.close();
  });

  it("drops the oldest positions beyond the queue's size and counts them in /metrics and on the target", async () => {
    small = createTestContext({
      config: {
        OUTBOUND_ALLOW_PRIVATE: "true",
        FORWARDING_QUEUE_SIZE: "3",
        FORWARDING_BATCH_MS: "20",
        FORWARDING_RETRY_MS: "20",
        FORWARDING_MAX_ATTEMPTS: "1000",
      },
    });
    const rt2 = await startTestTelematics(small);
    srt = rt2;
    // a receiver that is gone: nothing listens on its port any more
    const gone = await startReceiver();
    await gone.close();
    const org = await createOrganisation(small);
    const vehicle = await createVehicle(small, { org, device: "osmand" });
    const target = await createForwardingTarget(small, await principalFor(small, org.adminId), {
      name: "Down",
      kind: "http",
      url: gone.url,
      topic: null,
      secret: null,
      active: true,
    });
    await rt2.forwarding.reload();
    const dropped = await metric("flota_forwarding_positions_dropped_total", "http");
    const failed = await metric("flota_forwarding_failed_batches_total", "http");
    const fixes = Array.from({ length: 10 }, (_, i) =>
      position(vehicle.imei, { protocol: "osmand", fixTime: new Date(base + i * 60_000) }),
    );
    // the device is acknowledged although nothing can be delivered
    expect(await rt2.pipeline.onPositions(vehicle.imei, fixes)).toBe(10);
    expect(await metric("flota_forwarding_positions_dropped_total", "http")).toBe(dropped + 7);
    expect(rt2.forwarding.depths()[target.id]).toBe(3);
    expect(await metric("flota_forwarding_queue_depth", "http")).toBeGreaterThanOrEqual(3);
    await waitFor(async () => (await metric("flota_forwarding_failed_batches_total", "http")) >= failed + 2);
    await waitFor(async () => {
      const row = await small.db
        .selectFrom("forwarding_targets")
        .selectAll()
        .where("id", "=", target.id)
        .executeTakeFirstOrThrow();
      return row.dropped_count === 7 && row.last_status === "failed" && Boolean(row.last_error);
    });
    // stopping the process: what is still waiting is counted as dropped too, not lost silently
    srt = undefined;
    await rt2.close();
    expect(await metric("flota_forwarding_positions_dropped_total", "http")).toBe(dropped + 10);
    const row = await small.db
      .selectFrom("forwarding_targets")
      .select("dropped_count")
      .where("id", "=", target.id)
      .executeTakeFirstOrThrow();
    expect(row.dropped_count).toBe(10);
  });
});
