import { describe, expect, it, vi } from "vitest";
import type { TcpGatewayOptions } from "../../server/telematics/gateway/session";
import { gt06Ack, parseGt06Frame, GT06_COMMAND } from "../../server/protocols/gt06";
import {
  encodeGt06Alarm,
  encodeGt06CommandResponse,
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
} from "../../server/telematics/simulator/gt06-encoder";
import { RawDeviceClient as RawClient } from "../../server/telematics/simulator/raw-device-client";
import type { DevicePosition } from "../../server/shared/device-contract";
import { gatewayHarness, localGatewayOptions } from "./gateway-harness";
import { captureLogger, deferred } from "./helpers";
import { sleep } from "../support/wait";

const IMEI = "864717003283581";
const fix = {
  fixTime: new Date("2024-05-01T10:00:00Z"),
  latitude: -23.5505,
  longitude: -46.6333,
  speed: 52,
  course: 184,
  satellites: 9,
};
const ACK_LENGTH = 10;

const harness = gatewayHarness<RawClient>();

async function start(overrides: Partial<TcpGatewayOptions> = {}) {
  const log = captureLogger();
  const stored: DevicePosition[] = [];
  const options: TcpGatewayOptions = {
    ...localGatewayOptions("gt06", log.logger),
    isKnownDevice: async (id) => id === IMEI,
    onPositions: async (_id, positions) => void stored.push(...positions),
    ...overrides,
  };
  const gateway = await harness.start(options);
  const client = harness.track(await RawClient.connect(gateway.port));
  return { gateway, options, stored, log, client };
}

async function login(client: RawClient) {
  await client.write(encodeGt06Login(IMEI, 1));
  expect((await client.read(ACK_LENGTH)).equals(gt06Ack({ protocolNumber: 0x01, serial: 1 }))).toBe(true);
}

describe("GT06 TCP gateway", () => {
  it("acknowledges the login of a known IMEI with serial and CRC", async () => {
    const { client, gateway } = await start();
    await login(client);
    expect(gateway.connectedDevices()).toEqual([IMEI]);
  });

  it("refuses an unknown IMEI without acknowledging and reports it", async () => {
    const { client, options } = await start();
    await client.write(encodeGt06Login("123456789012345", 7));
    await client.closed;
    expect(client.pendingBytes).toBe(0);
    expect(options.onUnknownDevice).toHaveBeenCalledWith(
      "123456789012345",
      "gt06",
      expect.any(String),
      expect.any(Buffer),
    );
  });

  it("acknowledges a location only after it was committed", async () => {
    const commit = deferred();
    const seen = deferred<DevicePosition[]>();
    const { client } = await start({
      onPositions: async (_id, positions) => {
        seen.resolve(positions);
        await commit.promise;
      },
    });
    await login(client);
    await client.write(encodeGt06Location({ ...fix, ignition: true }, 0x22, 0x22));
    const [position] = await seen.promise;
    expect(position).toMatchObject({
      deviceId: IMEI,
      protocol: "gt06",
      speed: 52,
      course: 184,
      satellites: 9,
      valid: true,
      ignition: true,
    });
    expect(position.latitude).toBeCloseTo(-23.5505, 5);
    expect(position.longitude).toBeCloseTo(-46.6333, 5);
    await sleep(100);
    expect(client.pendingBytes).toBe(0);
    commit.resolve();
    expect((await client.read(ACK_LENGTH)).equals(gt06Ack({ protocolNumber: 0x22, serial: 0x22 }))).toBe(true);
  });

  it("closes without acknowledging when the commit fails", async () => {
    const { client } = await start({ onPositions: async () => Promise.reject(new Error("disk full")) });
    await login(client);
    await client.write(encodeGt06Location(fix, 2));
    await client.closed;
    expect(client.pendingBytes).toBe(0);
  });

  it("acknowledges heartbeats and reports the status", async () => {
    const onDeviceStatus = vi.fn(async () => {});
    const { client } = await start({ onDeviceStatus });
    await login(client);
    await client.write(encodeGt06Heartbeat(0x0129, { ignition: true, voltageLevel: 3 }));
    expect((await client.read(ACK_LENGTH)).toString("hex")).toBe(
      gt06Ack({ protocolNumber: 0x13, serial: 0x0129 }).toString("hex"),
    );
    expect(onDeviceStatus).toHaveBeenCalledWith(
      IMEI,
      expect.objectContaining({ ignition: true, attributes: expect.objectContaining({ batteryLevel: 50 }) }),
    );
  });

  it("stores and acknowledges SOS alarms; coalesced frames are all handled", async () => {
    const { client, stored } = await start();
    await client.write(
      Buffer.concat([encodeGt06Login(IMEI, 1), encodeGt06Alarm(fix, "sos", 2), encodeGt06Location(fix, 3)]),
    );
    const acks = await client.read(3 * ACK_LENGTH);
    expect(acks.subarray(ACK_LENGTH, 2 * ACK_LENGTH).equals(gt06Ack({ protocolNumber: 0x16, serial: 2 }))).toBe(true);
    expect(acks.subarray(2 * ACK_LENGTH).equals(gt06Ack({ protocolNumber: 0x12, serial: 3 }))).toBe(true);
    expect(stored.map((p) => p.alarm)).toEqual(["sos", undefined]);
  });

  it("reassembles a frame split across packets", async () => {
    const { client, stored } = await start();
    await login(client);
    const frame = encodeGt06Location(fix, 4);
    await client.write(frame.subarray(0, 5));
    await sleep(20);
    await client.write(frame.subarray(5));
    await client.read(ACK_LENGTH);
    expect(stored).toHaveLength(1);
  });

  it("closes on a bad CRC and on data before login", async () => {
    const { client, gateway } = await start();
    await login(client);
    const frame = encodeGt06Location(fix, 5);
    frame[10] ^= 0x01;
    await client.write(frame);
    await client.closed;
    expect(client.pendingBytes).toBe(0);

    const early = harness.track(await RawClient.connect(gateway.port));
    await early.write(encodeGt06Location(fix, 6));
    await early.closed;
    expect(early.pendingBytes).toBe(0);
  });

  it("sends a relay command (0x80) and returns the device's 0x15 reply", async () => {
    const { client, gateway } = await start();
    await login(client);
    const result = gateway.sendCommand(IMEI, { type: "engineStop" });
    const header = await client.read(3);
    const frame = parseGt06Frame(Buffer.concat([header, await client.read(header[2] + 2)]));
    expect(frame.protocolNumber).toBe(GT06_COMMAND);
    const serverFlag = frame.content.readUInt32BE(1);
    expect(frame.content.subarray(5).toString("ascii")).toBe("DYD,000000#");
    await client.write(encodeGt06CommandResponse(serverFlag, "DYD=Success!", 9));
    expect(await result).toEqual({ ok: true, response: "DYD=Success!" });
  });
});
