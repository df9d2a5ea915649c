import { describe, expect, it, vi } from "vitest";
import type { TcpGatewayOptions } from "../../server/telematics/gateway/session";
import { RawDeviceClient } from "../../server/telematics/simulator/raw-device-client";
import type { DevicePosition } from "../../server/shared/device-contract";
import { gatewayHarness, localGatewayOptions } from "./gateway-harness";
import { captureLogger, deferred } from "./helpers";
import { waitFor } from "../support/wait";

const IMEI = "359586015829802";
const IMEI2 = "359586015829803";
const report = (imei: string, utc: string) =>
  `imei:${imei},tracker,${"250301"}${utc.slice(0, 4)},,F,${utc}.000,A,4119.6500,N,01949.1220,E,19.44,90.00,110.0,1,0,,,;`;

const harness = gatewayHarness<RawDeviceClient>();

async function start(overrides: Partial<TcpGatewayOptions> = {}) {
  const log = captureLogger();
  const stored: DevicePosition[] = [];
  const options: TcpGatewayOptions = {
    ...localGatewayOptions("coban", log.logger),
    isKnownDevice: async (id) => id === IMEI || id === IMEI2,
    onPositions: async (_id, positions) => void stored.push(...positions),
    ...overrides,
  };
  const gateway = await harness.start(options);
  const connect = async () => harness.track(await RawDeviceClient.connect(gateway.port));
  return { gateway, options, stored, log, client: await connect(), connect };
}

const text = async (c: RawDeviceClient, n: number) => (await c.read(n)).toString();

describe("Coban / GPS103 TCP gateway", () => {
  it("answers the login LOAD and heartbeats ON, stores reports split across packets", async () => {
    const { client, stored, gateway } = await start();
    await client.write(Buffer.from(`##,imei:${IMEI},A;`));
    expect(await text(client, 4)).toBe("LOAD");
    expect(gateway.connectedDevices()).toEqual([IMEI]);
    const two = report(IMEI, "100000") + report(IMEI, "100030");
    await client.write(Buffer.from(two.slice(0, 50)));
    await client.write(Buffer.from(two.slice(50)));
    await waitFor(() => stored.length === 2);
    expect(stored[0]).toMatchObject({ deviceId: IMEI, protocol: "coban", course: 90, altitude: 110, ignition: true });
    expect(stored[0].fixTime.toISOString()).toBe("2025-03-01T10:00:00.000Z");
    expect(stored[0].speed).toBeCloseTo(36, 1);
    await client.write(Buffer.from(`${IMEI};`));
    expect(await text(client, 2)).toBe("ON");
  });

  it("reports are stored before the next message is read; a failed commit closes the connection", async () => {
    const commit = deferred();
    const calls: string[] = [];
    const { client } = await start({
      onPositions: async () => {
        calls.push("store");
        await commit.promise;
        throw new Error("db down");
      },
    });
    await client.write(Buffer.from(`##,imei:${IMEI},A;`));
    await text(client, 4);
    await client.write(Buffer.from(report(IMEI, "100000") + `${IMEI};`));
    await waitFor(() => calls.length === 1);
    expect(client.pendingBytes).toBe(0); // the heartbeat waits behind the report's commit
    commit.resolve();
    await client.closed;
    expect(client.pendingBytes).toBe(0);
  });

  it("refuses an unknown device at login and reports it", async () => {
    const { client, options } = await start();
    await client.write(Buffer.from("##,imei:111111111111111,A;"));
    await client.closed;
    expect(client.pendingBytes).toBe(0);
    expect(options.onUnknownDevice).toHaveBeenCalledWith("111111111111111", "coban", expect.any(String));
  });

  it("passes reports without GPS to onDeviceStatus", async () => {
    const onDeviceStatus = vi.fn(async () => {});
    const { client } = await start({ onDeviceStatus });
    await client.write(Buffer.from(`##,imei:${IMEI},A;imei:${IMEI},ac alarm,000000000,,L,;`));
    await text(client, 4);
    await waitFor(() => onDeviceStatus.mock.calls.length === 1);
    expect(onDeviceStatus).toHaveBeenCalledWith(IMEI, expect.objectContaining({ alarm: "powerCut" }));
  });

  it("garbage, a malformed report and an oversized message close only their connection", async () => {
    const { client, connect, stored } = await start({ maxFrameBytes: 256 });
    await client.write(Buffer.from(`##,imei:${IMEI},A;`));
    await text(client, 4);
    const garbage = await connect();
    await garbage.write(Buffer.from([0x78, 0x78, 0x0d, 0x01, 0x00]));
    await garbage.closed;
    const malformed = await connect();
    await malformed.write(Buffer.from(report(IMEI2, "100000").replace("4119.6500", "41x9.6500")));
    await malformed.closed;
    const long = await connect();
    await long.write(Buffer.from(`imei:${IMEI2},${"x".repeat(300)}`));
    await long.closed;
    await client.write(Buffer.from(report(IMEI, "100100")));
    await waitFor(() => stored.length === 1);
    expect(stored[0].deviceId).toBe(IMEI);
  });

  it("sends engine stop as **,imei:…,J and takes the device's text reply as the answer", async () => {
    const { client, gateway } = await start();
    await client.write(Buffer.from(`##,imei:${IMEI},A;`));
    await text(client, 4);
    const result = gateway.sendCommand(IMEI, { type: "engineStop" });
    expect(await text(client, `**,imei:${IMEI},J`.length)).toBe(`**,imei:${IMEI},J`);
    await client.write(Buffer.from("Stop engine Succeed;"));
    expect(await result).toEqual({ ok: true, response: "Stop engine Succeed" });
  });
});
