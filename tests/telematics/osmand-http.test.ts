import http from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createOsmAndHandler, startOsmAndServer, type OsmAndServer } from "../../server/telematics/gateway/osmand-http";
import type { DeviceCallbacks } from "../../server/telematics/gateway/session";
import { sendOsmAnd } from "../../server/telematics/simulator/osmand-client";
import type { DevicePosition } from "../../server/shared/device-contract";
import { captureLogger, deferred } from "./helpers";
import { sleep } from "../support/wait";

const DEVICE = "48241179";
let server: OsmAndServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(overrides: Partial<DeviceCallbacks> = {}) {
  const stored: DevicePosition[] = [];
  const callbacks = {
    isKnownDevice: async (id: string) => id === DEVICE,
    onUnknownDevice: vi.fn(async () => {}),
    onPositions: async (_id: string, positions: DevicePosition[]) => void stored.push(...positions),
    ...overrides,
  };
  server = await startOsmAndServer({ port: 0, host: "127.0.0.1", logger: captureLogger().logger, ...callbacks });
  return { url: `http://127.0.0.1:${server.port}/`, stored, callbacks };
}

const sample = {
  deviceId: DEVICE,
  fixTime: new Date("2025-06-15T13:45:12Z"),
  latitude: 37.4219983,
  longitude: -122.084,
  speed: 36,
  course: 90,
  altitude: 5,
  batteryLevel: 80,
};

describe("OsmAnd HTTP endpoint", () => {
  it.each(["query", "form", "json"] as const)("stores a %s request and answers 200", async (format) => {
    const { url, stored } = await start();
    const response = await sendOsmAnd(url, sample, format);
    expect(response.status).toBe(200);
    expect(stored).toHaveLength(1);
    const [p] = stored;
    expect(p).toMatchObject({
      deviceId: DEVICE,
      protocol: "osmand",
      latitude: 37.4219983,
      longitude: -122.084,
      course: 90,
      altitude: 5,
    });
    expect(p.fixTime.toISOString()).toBe("2025-06-15T13:45:12.000Z");
    expect(p.speed).toBeCloseTo(36, 6);
    expect(p.attributes.batteryLevel).toBe(80);
  });

  it("answers only after onPositions resolves", async () => {
    const commit = deferred();
    const called = deferred();
    const { url } = await start({
      onPositions: async () => {
        called.resolve();
        await commit.promise;
      },
    });
    let settled = false;
    const request = sendOsmAnd(url, sample).then((r) => {
      settled = true;
      return r;
    });
    await called.promise;
    await sleep(100);
    expect(settled).toBe(false);
    commit.resolve();
    expect((await request).status).toBe(200);
  });

  it("answers 500 (so the client retries) when storing fails", async () => {
    const { url } = await start({ onPositions: async () => Promise.reject(new Error("db down")) });
    expect((await sendOsmAnd(url, sample)).status).toBe(500);
  });

  it("answers 400 with a clear message for malformed requests", async () => {
    const { url, stored } = await start();
    const noId = await fetch(`${url}?lat=1&lon=2`);
    expect(noId.status).toBe(400);
    expect(await noId.text()).toMatch(/device identifier/);
    const badLat = await fetch(`${url}?id=${DEVICE}&lat=north&lon=2`);
    expect(badLat.status).toBe(400);
    expect(await badLat.text()).toMatch(/lat is not a number/);
    const badJson = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.text()).toMatch(/JSON/);
    expect(stored).toHaveLength(0);
  });

  it("refuses an unknown device with 404 and reports it", async () => {
    const { url, stored, callbacks } = await start();
    const response = await sendOsmAnd(url, { ...sample, deviceId: "nobody" });
    expect(response.status).toBe(404);
    expect(callbacks.onUnknownDevice).toHaveBeenCalledWith("nobody", "osmand", expect.any(String));
    expect(stored).toHaveLength(0);
  });

  it("rejects other methods and oversized bodies", async () => {
    const { url } = await start();
    expect((await fetch(url, { method: "PUT", body: "x" })).status).toBe(405);
    const huge = await fetch(url, { method: "POST", body: "id=1&pad=" + "x".repeat(100 * 1024) });
    expect(huge.status).toBe(413);
  });

  it("works as a plain handler mounted on any http server", async () => {
    const stored: DevicePosition[] = [];
    const handler = createOsmAndHandler({
      logger: captureLogger().logger,
      isKnownDevice: async () => true,
      onUnknownDevice: async () => {},
      onPositions: async (_id, positions) => void stored.push(...positions),
    });
    const plain = http.createServer(handler);
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    const port = (plain.address() as { port: number }).port;
    const response = await fetch(`http://127.0.0.1:${port}/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0&speed=10`);
    await new Promise((resolve) => plain.close(resolve));
    expect(response.status).toBe(200);
    expect(stored[0].fixTime.toISOString()).toBe("2013-08-22T13:14:27.000Z");
    expect(stored[0].speed).toBeCloseTo(18.52, 6);
  });
});
