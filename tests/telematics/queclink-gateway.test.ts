import { describe, expect, it, vi } from "vitest";
import type { TcpGatewayOptions } from "../../server/telematics/gateway/session";
import {
  encodeQueclinkHeartbeat,
  encodeQueclinkReport,
  QueclinkClient,
} from "../../server/telematics/simulator/queclink-client";
import type { DevicePosition } from "../../server/shared/device-contract";
import { gatewayHarness, localGatewayOptions } from "./gateway-harness";
import { captureLogger, deferred } from "./helpers";
import { sleep } from "../support/wait";

const IMEI = "860000000000001";
const IMEI2 = "860000000000002";
const fix = { fixTime: new Date("2025-03-01T10:00:00Z"), latitude: 41.3275, longitude: 19.8187, speed: 36, course: 90 };

const harness = gatewayHarness<QueclinkClient>();

async function start(overrides: Partial<TcpGatewayOptions> = {}) {
  const log = captureLogger();
  const stored: DevicePosition[] = [];
  const options: TcpGatewayOptions = {
    ...localGatewayOptions("queclink", log.logger),
    isKnownDevice: async (id) => id === IMEI || id === IMEI2,
    onPositions: async (_id, positions) => void stored.push(...positions),
    ...overrides,
  };
  const gateway = await harness.start(options);
  const connect = async (imei = IMEI) => {
    const c = harness.track(await QueclinkClient.connect(gateway.port));
    c.imei = imei;
    return c;
  };
  return { gateway, options, stored, log, client: await connect(), connect };
}

describe("Queclink TCP gateway", () => {
  it("stores a report and only then answers +SACK with its count number", async () => {
    const commit = deferred();
    const stored: DevicePosition[] = [];
    const { client, gateway } = await start({
      onPositions: async (_id, p) => {
        await commit.promise;
        stored.push(...p);
      },
    });
    const answer = client.sendPosition(fix);
    await sleep(100);
    expect(client.pendingBytes).toBe(0);
    commit.resolve();
    expect(await answer).toBe("+SACK:0001$");
    expect(stored[0]).toMatchObject({ deviceId: IMEI, protocol: "queclink", latitude: 41.3275, speed: 36 });
    expect(gateway.connectedDevices()).toEqual([IMEI]);
  });

  it("answers heartbeats and passes reports without a fix to onDeviceStatus", async () => {
    const onDeviceStatus = vi.fn(async () => {});
    const { client } = await start({ onDeviceStatus });
    await client.write(encodeQueclinkHeartbeat(IMEI, 5, new Date("2025-03-01T10:00:00Z")));
    expect(await client.readMessage()).toBe("+SACK:GTHBD,060100,0005$");
    await client.write(Buffer.from(`+RESP:GTPFA,060100,${IMEI},GV300,20250301100000,0006$`));
    expect(await client.readMessage()).toBe("+SACK:0006$");
    expect(onDeviceStatus).toHaveBeenCalledWith(IMEI, expect.objectContaining({ alarm: "powerOff" }));
  });

  it("refuses an unknown IMEI and reports it", async () => {
    const { connect, options } = await start();
    const stranger = await connect("861111111111111");
    await stranger.write(encodeQueclinkReport("861111111111111", fix, 1));
    await stranger.closed;
    expect(stranger.pendingBytes).toBe(0);
    expect(options.onUnknownDevice).toHaveBeenCalledWith("861111111111111", "queclink", expect.any(String));
  });

  it("a failed commit closes the connection without +SACK", async () => {
    const { client } = await start({
      onPositions: async () => {
        throw new Error("db down");
      },
    });
    await expect(client.sendPosition(fix, {}, 2000)).rejects.toThrow(/closed/);
  });

  it("garbage and oversized frames close only their connection", async () => {
    const { client, connect, stored } = await start({ maxFrameBytes: 512 });
    expect(await client.sendPosition(fix)).toBe("+SACK:0001$");
    const garbage = await connect(IMEI2);
    await garbage.write(Buffer.from([0x00, 0x01, 0x02, 0xff]));
    await garbage.closed;
    const long = await connect(IMEI2);
    await long.write(Buffer.from(`+RESP:GTFRI,${"9".repeat(600)}`));
    await long.closed;
    const truncated = await connect(IMEI2);
    await truncated.write(Buffer.from("+RESP:GTFRI,060100\r\n"));
    await truncated.closed;
    expect(await client.sendPosition(fix)).toBe("+SACK:0002$");
    expect(stored).toHaveLength(2);
  });

  it("sends AT+GTOUT for engine stop and resolves with the device's +ACK:GTOUT", async () => {
    const { client, gateway } = await start();
    await client.sendPosition(fix);
    const result = gateway.sendCommand(IMEI, { type: "engineStop" });
    const command = await client.readMessage();
    expect(command).toMatch(/^AT\+GTOUT=gv300,1,.*,0001\$$/);
    await client.answerCommand(command);
    expect((await result).response).toMatch(/^\+ACK:GTOUT,060100,860000000000001,GV300,0001,/);
  });
});
