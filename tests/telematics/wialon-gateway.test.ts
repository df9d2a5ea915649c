import { describe, expect, it, vi } from "vitest";
import type { TcpGatewayOptions } from "../../server/telematics/gateway/session";
import { wialonCrc } from "../../server/protocols/wialon";
import { RawDeviceClient } from "../../server/telematics/simulator/raw-device-client";
import type { DevicePosition } from "../../server/shared/device-contract";
import { gatewayHarness, localGatewayOptions } from "./gateway-harness";
import { captureLogger, deferred } from "./helpers";
import { sleep } from "../support/wait";

const IMEI = "355217044956192";
const IMEI2 = "355217044956193";
const SD = "#SD#270413;205601;5544.6025;N;03739.6834;E;1;2;3;4\r\n";

/** A Wialon IPS device: one line out, one line back. */
class WialonClient extends RawDeviceClient {
  async readLine(timeoutMs?: number): Promise<string> {
    let text = "";
    while (!text.endsWith("\r\n")) text += (await this.read(1, timeoutMs)).toString("latin1");
    return text.slice(0, -2);
  }
  async send(line: string, timeoutMs?: number): Promise<string> {
    await this.write(Buffer.from(line));
    return this.readLine(timeoutMs);
  }
}

const harness = gatewayHarness<WialonClient>();

async function start(overrides: Partial<TcpGatewayOptions> = {}) {
  const log = captureLogger();
  const stored: DevicePosition[] = [];
  const options: TcpGatewayOptions = {
    ...localGatewayOptions("wialon", log.logger),
    isKnownDevice: async (id) => id === IMEI || id === IMEI2,
    onPositions: async (_id, positions) => void stored.push(...positions),
    ...overrides,
  };
  const gateway = await harness.start(options);
  const connect = async () => harness.track(await WialonClient.connect(gateway.port));
  return { gateway, options, stored, log, client: await connect(), connect };
}

const login20 = (imei: string) => `#L#2.0;${imei};NA;${wialonCrc(`2.0;${imei};NA;`)}\r\n`;

describe("Wialon IPS TCP gateway", () => {
  it("logs in (1.1), stores a short data packet and only then answers #ASD#1", async () => {
    const commit = deferred();
    const stored: DevicePosition[] = [];
    const { client, gateway } = await start({
      onPositions: async (_id, p) => {
        await commit.promise;
        stored.push(...p);
      },
    });
    expect(await client.send(`#L#${IMEI};NA\r\n`)).toBe("#AL#1");
    expect(gateway.connectedDevices()).toEqual([IMEI]);
    const answer = client.send(SD);
    await sleep(100);
    expect(client.pendingBytes).toBe(0);
    commit.resolve();
    expect(await answer).toBe("#ASD#1");
    expect(stored[0]).toMatchObject({ deviceId: IMEI, protocol: "wialon", speed: 1, course: 2, satellites: 4 });
    expect(await client.send("#P#\r\n")).toBe("#AP#");
  });

  it("2.0: checks CRCs, answers black boxes with their count, keeps the connection after a bad CRC", async () => {
    const { client, stored } = await start();
    expect(await client.send(login20(IMEI))).toBe("#AL#1");
    const items = "270413;205601;5544.6025;N;03739.6834;E;1;2;3;4|270413;205602;5544.6025;N;03739.6834;E;1;2;3;4|";
    expect(await client.send(`#B#${items}0000\r\n`)).toBe("#AB#");
    expect(stored).toHaveLength(0);
    expect(await client.send(`#B#${items}${wialonCrc(items)}\r\n`)).toBe("#AB#2");
    expect(stored).toHaveLength(2);
  });

  it("passes values of a packet without coordinates to onDeviceStatus", async () => {
    const onDeviceStatus = vi.fn(async () => {});
    const { client } = await start({ onDeviceStatus });
    await client.send(`#L#${IMEI};NA\r\n`);
    const d = "#D#120319;112003;NA;NA;NA;NA;0.000;NA;NA;0;NA;NA;NA;NA;NA;pwr_ext:2:12.6\r\n";
    expect(await client.send(d)).toBe("#AD#1");
    expect(onDeviceStatus).toHaveBeenCalledWith(IMEI, { attributes: { pwr_ext: 12.6 } });
  });

  it("refuses an unknown device with #AL#0 and a bad login CRC with #AL#10, closing both", async () => {
    const { client, connect, options } = await start();
    expect(await client.send("#L#111;NA\r\n")).toBe("#AL#0");
    await client.closed;
    expect(options.onUnknownDevice).toHaveBeenCalledWith("111", "wialon", expect.any(String));
    const other = await connect();
    expect(await other.send(`#L#2.0;${IMEI};NA;0001\r\n`)).toBe("#AL#10");
    await other.closed;
  });

  it("data before login, garbage and oversized packets close only their connection", async () => {
    const { client, connect, stored } = await start({ maxFrameBytes: 1024 });
    await client.send(`#L#${IMEI};NA\r\n`);
    const early = await connect();
    await early.write(Buffer.from(SD));
    await early.closed;
    const garbage = await connect();
    await garbage.write(Buffer.from([0x16, 0x03, 0x01, 0x00]));
    await garbage.closed;
    const long = await connect();
    await long.write(Buffer.from(`#L#${IMEI2};NA\r\n#D#${"1".repeat(2000)}`));
    expect(await long.readLine()).toBe("#AL#1");
    await long.closed;
    expect(await client.send(SD)).toBe("#ASD#1");
    expect(stored).toHaveLength(1);
  });

  it("a failed commit closes the connection without an answer", async () => {
    const { client } = await start({
      onPositions: async () => {
        throw new Error("db down");
      },
    });
    await client.send(`#L#${IMEI};NA\r\n`);
    await expect(client.send(SD, 2000)).rejects.toThrow(/closed/);
  });

  it("sends engine stop as #M#block_engine and resolves with the device's #AM#", async () => {
    const { client, gateway } = await start();
    await client.send(login20(IMEI));
    const result = gateway.sendCommand(IMEI, { type: "engineStop" });
    expect(await client.readLine()).toBe(`#M#block_engine;${wialonCrc("block_engine;")}`);
    await client.write(Buffer.from("#AM#1\r\n"));
    expect(await result).toEqual({ ok: true, response: "#AM#1" });
  });
});
