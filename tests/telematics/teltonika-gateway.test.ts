import { describe, expect, it } from "vitest";
import type { TcpGatewayOptions } from "../../server/telematics/gateway/session";
import { encodeImeiHandshake } from "../../server/protocols/teltonika";
import { TeltonikaClient } from "../../server/telematics/simulator/teltonika-client";
import { encodeTeltonikaAvl, type SimPosition } from "../../server/telematics/simulator/teltonika-encoder";
import type { DevicePosition } from "../../server/shared/device-contract";
import { gatewayHarness, localGatewayOptions } from "./gateway-harness";
import { captureLogger, deferred } from "./helpers";
import { sleep, waitFor } from "../support/wait";

const KNOWN = "356307042441013";
const OTHER = "356307042441014";
const record = (minute: number): SimPosition => ({
  fixTime: new Date(Date.UTC(2024, 4, 1, 10, minute)),
  latitude: 54.6872 + minute / 1000,
  longitude: 25.2797,
  speed: 40,
  satellites: 9,
  ignition: true,
});

const harness = gatewayHarness<TeltonikaClient>();

async function start(overrides: Partial<TcpGatewayOptions> = {}) {
  const log = captureLogger();
  const stored: Array<{ deviceId: string; positions: DevicePosition[] }> = [];
  const options: TcpGatewayOptions = {
    ...localGatewayOptions("teltonika", log.logger),
    isKnownDevice: async (id) => id === KNOWN || id === OTHER,
    onPositions: async (deviceId, positions) => void stored.push({ deviceId, positions }),
    ...overrides,
  };
  const gateway = await harness.start(options);
  return { gateway, options, stored, log };
}

async function connect(port: number) {
  return harness.track(await TeltonikaClient.connect(port));
}

describe("Teltonika TCP gateway", () => {
  it("accepts a known IMEI and refuses an unknown one with 0x00, reporting it", async () => {
    const { gateway, options } = await start();
    const good = await connect(gateway.port);
    expect(await good.handshake(KNOWN)).toBe(true);
    await waitFor(() => gateway.connectedDevices().includes(KNOWN));

    const bad = await connect(gateway.port);
    expect(await bad.handshake("999999999999999")).toBe(false);
    await bad.closed;
    expect(options.onUnknownDevice).toHaveBeenCalledWith(
      "999999999999999",
      "teltonika",
      expect.stringContaining("127.0.0.1"),
      expect.any(Buffer),
    );
    expect(gateway.connectedDevices()).toEqual([KNOWN]);
  });

  it("acknowledges the record count only after onPositions resolves", async () => {
    const commit = deferred();
    const called = deferred<DevicePosition[]>();
    const { gateway } = await start({
      onPositions: async (_id, positions) => {
        called.resolve(positions);
        await commit.promise;
      },
    });
    const client = await connect(gateway.port);
    await client.handshake(KNOWN);
    await client.write(encodeTeltonikaAvl([record(1), record(2), record(3)]));
    const positions = await called.promise;
    expect(positions).toHaveLength(3);
    expect(positions[0]).toMatchObject({ deviceId: KNOWN, protocol: "teltonika", ignition: true });
    await sleep(150);
    expect(client.pendingBytes).toBe(0);
    commit.resolve();
    expect((await client.read(4)).readUInt32BE(0)).toBe(3);
  });

  it("closes without acknowledging when onPositions rejects", async () => {
    const { gateway, log } = await start({
      onPositions: async () => {
        throw new Error("database down");
      },
    });
    const client = await connect(gateway.port);
    await client.handshake(KNOWN);
    await client.write(encodeTeltonikaAvl([record(1)]));
    await client.closed;
    expect(client.pendingBytes).toBe(0);
    expect(log.lines.some((l) => String(l.msg).includes("database down"))).toBe(true);
  });

  it("reassembles frames split across packets", async () => {
    const { gateway, stored } = await start();
    const client = await connect(gateway.port);
    const bytes = Buffer.concat([encodeImeiHandshake(KNOWN), encodeTeltonikaAvl([record(1), record(2)], 0x8e)]);
    for (let i = 0; i < bytes.length; i += 7) {
      await client.write(bytes.subarray(i, i + 7));
      await sleep(2);
    }
    expect((await client.read(1))[0]).toBe(0x01);
    expect((await client.read(4)).readUInt32BE(0)).toBe(2);
    expect(stored.map((s) => s.positions.length)).toEqual([2]);
  });

  it("handles the handshake and several frames coalesced in one packet, in order", async () => {
    const { gateway, stored } = await start();
    const client = await connect(gateway.port);
    await client.write(
      Buffer.concat([
        encodeImeiHandshake(KNOWN),
        encodeTeltonikaAvl([record(1)]),
        Buffer.from([0xff]),
        encodeTeltonikaAvl([record(2), record(3)]),
      ]),
    );
    const reply = await client.read(9);
    expect(reply.toString("hex")).toBe("01" + "00000001" + "00000002");
    expect(stored.map((s) => s.positions.map((p) => p.fixTime.getUTCMinutes()))).toEqual([[1], [2, 3]]);
  });

  it("closes only the connection that sent a bad CRC, with one log line", async () => {
    const { gateway, stored, log } = await start();
    const healthy = await connect(gateway.port);
    await healthy.handshake(OTHER);
    const broken = await connect(gateway.port);
    await broken.handshake(KNOWN);
    const frame = encodeTeltonikaAvl([record(1)]);
    frame[frame.length - 1] ^= 0x55;
    await broken.write(frame);
    await broken.closed;
    expect(broken.pendingBytes).toBe(0);
    const closeLines = log.lines.filter((l) => l.deviceId === KNOWN && String(l.msg).startsWith("closing connection"));
    expect(closeLines).toHaveLength(1);
    expect(closeLines[0].msg).toMatch(/bad CRC/);

    expect(await healthy.sendRecords([record(5)])).toBe(1);
    expect(stored).toHaveLength(1);
    expect(stored[0].deviceId).toBe(OTHER);
  });

  it("closes on an absurd data length and on garbage instead of a handshake", async () => {
    const { gateway } = await start();
    const absurd = await connect(gateway.port);
    await absurd.handshake(KNOWN);
    await absurd.write(Buffer.from("00000000 7fffffff 08".replace(/ /g, ""), "hex"));
    await absurd.closed;
    const garbage = await connect(gateway.port);
    await garbage.write(Buffer.from("GET / HTTP/1.1\r\n\r\n"));
    await garbage.closed;
    expect(garbage.pendingBytes).toBe(0);
    const after = await connect(gateway.port);
    expect(await after.handshake(KNOWN)).toBe(true);
  });

  it("times out idle connections", async () => {
    const { gateway, log } = await start({ idleTimeoutMs: 150 });
    const client = await connect(gateway.port);
    await client.handshake(KNOWN);
    await client.closed;
    expect(log.lines.some((l) => l.reason === "idle timeout")).toBe(true);
    expect(gateway.connectedDevices()).toEqual([]);
  });

  it("round-trips a Codec 12 command against the device socket", async () => {
    const { gateway } = await start();
    const client = await connect(gateway.port);
    await client.handshake(KNOWN);
    const result = gateway.sendCommand(KNOWN, { type: "engineStop" });
    expect(await client.receiveCommand()).toBe("setdigout 1");
    await client.respondToCommand("DOUT1:1 DOUT2:0 Timeout:INFINITY");
    expect(await result).toEqual({ ok: true, response: "DOUT1:1 DOUT2:0 Timeout:INFINITY" });

    const custom = gateway.sendCommand(KNOWN, "getinfo");
    expect(await client.receiveCommand()).toBe("getinfo");
    await client.respondToCommand("INI:2024/5/1");
    expect((await custom).response).toBe("INI:2024/5/1");
  });

  it("reports command timeouts and disconnected devices", async () => {
    const { gateway } = await start();
    const client = await connect(gateway.port);
    await client.handshake(KNOWN);
    const result = await gateway.sendCommand(KNOWN, { type: "engineResume" }, { timeoutMs: 100 });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/timeout/);
    expect(await client.receiveCommand()).toBe("setdigout 0");
    expect(await gateway.sendCommand("000000000000000", "getinfo")).toMatchObject({ ok: false });
  });
});
