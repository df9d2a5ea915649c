import { describe, expect, it, vi } from "vitest";
import type { TcpGatewayOptions } from "../../server/telematics/gateway/session";
import { JT808 } from "../../server/protocols/jt808";
import {
  encodeJt808Batch,
  encodeJt808Register,
  encodeJt808TerminalFrame,
  Jt808Client,
} from "../../server/telematics/simulator/jt808-client";
import type { DevicePosition } from "../../server/shared/device-contract";
import { gatewayHarness, localGatewayOptions } from "./gateway-harness";
import { captureLogger, deferred } from "./helpers";
import { sleep, waitFor } from "../support/wait";

const ID = "864507032228";
const ID2 = "864507032229";
const fix = { fixTime: new Date("2025-03-01T10:00:00Z"), latitude: 41.3275, longitude: 19.8187, speed: 36, course: 90 };

const harness = gatewayHarness<Jt808Client>();

async function start(overrides: Partial<TcpGatewayOptions> = {}) {
  const log = captureLogger();
  const stored: DevicePosition[] = [];
  const options: TcpGatewayOptions = {
    ...localGatewayOptions("jt808", log.logger),
    isKnownDevice: async (id) => id === ID,
    onPositions: async (_id, positions) => void stored.push(...positions),
    ...overrides,
  };
  const gateway = await harness.start(options);
  const connect = async () => harness.track(await Jt808Client.connect(gateway.port));
  return { gateway, options, stored, log, client: await connect(), connect };
}

describe("JT/T 808 TCP gateway", () => {
  it("registers, authenticates, stores a location and only then answers it with 0x8001", async () => {
    const commit = deferred();
    const stored: DevicePosition[] = [];
    const { client, gateway } = await start({
      onPositions: async (_id, p) => {
        await commit.promise;
        stored.push(...p);
      },
    });
    expect(await client.login(ID)).toBe(0);
    expect(gateway.connectedDevices()).toEqual([ID]);
    const answered = client.sendPosition(fix);
    await sleep(100);
    expect(client.pendingBytes).toBe(0); // nothing acknowledged before the commit
    commit.resolve();
    expect(await answered).toBe(0);
    expect(stored[0]).toMatchObject({ deviceId: ID, protocol: "jt808", latitude: 41.3275, speed: 36, course: 90 });
    expect(stored[0].fixTime).toEqual(fix.fixTime);
    expect(await client.heartbeat()).toBe(0);
  });

  it("stores a 0x0704 batch before answering it", async () => {
    const { client, stored } = await start();
    await client.login(ID);
    await client.write(encodeJt808Batch(ID, 40, [fix, { ...fix, fixTime: new Date("2025-03-01T10:00:30Z") }]));
    const answer = await client.readFrame();
    expect(answer.header.messageId).toBe(JT808.PLATFORM_ANSWER);
    expect(answer.body.readUInt16BE(0)).toBe(40);
    expect(answer.body.readUInt16BE(2)).toBe(JT808.BATCH);
    expect(stored).toHaveLength(2);
  });

  it("answers an unknown terminal's registration with result 4 and closes", async () => {
    const { client, options } = await start();
    await client.write(encodeJt808Register("13900001111", 1));
    const answer = await client.readFrame();
    expect(answer.header.messageId).toBe(JT808.REGISTER_ANSWER);
    expect(answer.body[2]).toBe(4);
    await client.closed;
    expect(options.onUnknownDevice).toHaveBeenCalledWith("13900001111", "jt808", expect.any(String));
  });

  it("a failed commit closes the connection without an answer", async () => {
    const { client } = await start({
      onPositions: async () => {
        throw new Error("db down");
      },
    });
    await client.login(ID);
    await expect(client.sendPosition(fix, 2000)).rejects.toThrow(/closed/);
  });

  it("a bad check byte or garbage closes only that connection", async () => {
    const { client, connect, stored } = await start({ isKnownDevice: async (id) => id === ID || id === ID2 });
    const other = await connect();
    expect(await other.login(ID2)).toBe(0);
    await client.login(ID);
    const frame = encodeJt808TerminalFrame(ID, JT808.HEARTBEAT, 9, Buffer.alloc(0));
    frame[frame.length - 2] ^= 0xff;
    await client.write(frame);
    await client.closed;

    const third = await connect();
    await third.write(Buffer.from("GET / HTTP/1.1\r\n\r\n"));
    await third.closed;

    expect(await other.sendPosition(fix)).toBe(0);
    expect(stored.map((p) => p.deviceId)).toEqual([ID2]);
  });

  it("an oversized frame closes the connection", async () => {
    const { client } = await start({ maxFrameBytes: 256 });
    const endless = Buffer.alloc(300, 0x11);
    endless[0] = 0x7e;
    await client.write(endless);
    await client.closed;
  });

  it("sends engine stop as 0x8105 and resolves with the terminal's 0x0001 answer", async () => {
    const { client, gateway } = await start();
    await client.login(ID);
    const result = gateway.sendCommand(ID, { type: "engineStop" });
    const command = await client.readFrame();
    expect(command.header.messageId).toBe(JT808.TERMINAL_CONTROL);
    expect([...command.body]).toEqual([0x64]);
    await client.answerCommand(command);
    expect(await result).toEqual({ ok: true, response: "0x8105 success" });
    expect(await client.sendPosition(fix)).toBe(0); // the connection goes on
  });

  it("passes registration details to onDeviceStatus", async () => {
    const onDeviceStatus = vi.fn(async () => {});
    const { client } = await start({ onDeviceStatus });
    await client.login(ID);
    await waitFor(() => onDeviceStatus.mock.calls.length > 0);
    expect(onDeviceStatus).toHaveBeenCalledWith(ID, { attributes: expect.objectContaining({ model: "SIM-808" }) });
  });
});
