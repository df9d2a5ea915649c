import { expect, it } from "vitest";
import type { DevicePosition, DeviceStatus } from "../../server/shared/device-contract";
import type { TcpGatewayOptions, TcpProtocol } from "../../server/telematics/gateway/session";
import { RawDeviceClient as RawClient } from "../../server/telematics/simulator/raw-device-client";
import { sleep, waitFor } from "../support/wait";
import { gatewayHarness, localGatewayOptions } from "./gateway-harness";
import { captureLogger, deferred } from "./helpers";

export interface ProtocolCase {
  protocol: TcpProtocol;
  deviceId: string;
  /** Frames a known device sends before its first position (e.g. a head packet); may be empty. */
  hello: Buffer[];
  /** Bytes the server answers each hello frame with (0 when none). */
  helloAckLength: number;
  /** A position frame from deviceId at the given fix time. */
  position(time: Date): Buffer;
  /** The server's acknowledgement of that frame, or null when the protocol has none. */
  ack(frame: Buffer): Buffer | null;
  /** The position frame with a corrupted checksum. */
  badChecksum: Buffer;
  /** A frame announcing more than maxFrameBytes. */
  oversized: Buffer;
  /** The first frame of a device nobody knows. */
  unknown: Buffer;
  /** The gateway's maxFrameBytes for the oversized case. */
  maxFrameBytes: number;
}

/** Starts the protocol's gateway with a store that keeps positions and statuses; the commit can be held. */
export function protocolGateway(c: ProtocolCase) {
  const harness = gatewayHarness<RawClient>();
  async function start(overrides: Partial<TcpGatewayOptions> = {}) {
    const log = captureLogger();
    const stored: DevicePosition[] = [];
    const statuses: DeviceStatus[] = [];
    const messages: string[] = [];
    const options: TcpGatewayOptions = {
      ...localGatewayOptions(c.protocol, log.logger),
      isKnownDevice: async (id) => id === c.deviceId,
      onPositions: async (_id, positions) => void stored.push(...positions),
      onDeviceStatus: async (_id, status) => void statuses.push(status),
      onDeviceMessage: async (_id, m) => void messages.push(m.text),
      maxFrameBytes: c.maxFrameBytes,
      ...overrides,
    };
    const gateway = await harness.start(options);
    const connect = async () => harness.track(await RawClient.connect(gateway.port));
    const client = await connect();
    return { gateway, client, connect, stored, statuses, messages, log, options };
  }
  /** Connects and sends the hello frames, reading their answers. */
  async function hello(client: RawClient): Promise<void> {
    for (const frame of c.hello) {
      await client.write(frame);
      if (c.helloAckLength > 0) await client.read(c.helloAckLength);
    }
  }
  return { start, hello };
}

/** The rules every protocol's gateway keeps: store then acknowledge, bad input closes that connection only. */
export function protocolContract(c: ProtocolCase) {
  const { start, hello } = protocolGateway(c);
  const T = new Date("2024-05-01T10:00:00Z");

  it("stores a position and acknowledges it only after the commit", async () => {
    const commit = deferred();
    const seen: DevicePosition[] = [];
    const { client, gateway } = await start({
      onPositions: async (_id, p) => {
        seen.push(...p);
        await commit.promise;
      },
    });
    await hello(client);
    const frame = c.position(T);
    await client.write(frame);
    await waitFor(() => seen.length > 0);
    await sleep(50);
    expect(client.pendingBytes).toBe(0); // nothing acknowledged while the commit is open
    expect(seen[0]).toMatchObject({ deviceId: c.deviceId, protocol: c.protocol });
    expect(seen[0].fixTime.toISOString()).toBe(T.toISOString());
    commit.resolve();
    const ack = c.ack(frame);
    if (ack) expect((await client.read(ack.length)).toString("hex")).toBe(ack.toString("hex"));
    expect(gateway.connectedDevices()).toEqual([c.deviceId]);
  });

  it("frames split across packets and several in one packet", async () => {
    const { client, stored } = await start();
    await hello(client);
    const a = c.position(T);
    const b = c.position(new Date(T.getTime() + 1000));
    const both = Buffer.concat([a, b]);
    await client.write(both.subarray(0, 5));
    await sleep(20);
    await client.write(both.subarray(5));
    await waitFor(() => stored.length === 2);
    expect(stored.map((p) => p.fixTime.getTime())).toEqual([T.getTime(), T.getTime() + 1000]);
  });

  it("closes without acknowledging when the commit fails", async () => {
    const { client } = await start({
      onPositions: async () => {
        throw new Error("database down");
      },
    });
    await hello(client);
    await client.write(c.position(T));
    await client.closed;
    expect(client.pendingBytes).toBe(0);
  });

  it("refuses an unknown device and records it", async () => {
    const { client, options } = await start();
    await client.write(c.unknown);
    await client.closed;
    expect(options.onUnknownDevice).toHaveBeenCalledWith(expect.any(String), c.protocol, expect.any(String));
  });

  for (const [name, bytes] of [
    ["a corrupt frame (bad checksum)", () => c.badChecksum],
    ["an oversized frame", () => c.oversized],
    ["garbage", () => Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n")],
  ] as const) {
    it(`closes only the connection that sent ${name}`, async () => {
      const { client, connect, stored, log } = await start();
      const other = await connect();
      await hello(other);
      // the bad connection says no hello: a second hello from the same device would replace the first connection
      await client.write(bytes());
      await client.closed;
      expect(log.lines.some((l) => String(l.msg).startsWith("closing connection: malformed frame"))).toBe(true);
      await other.write(c.position(T));
      await waitFor(() => stored.length === 1);
      const ack = c.ack(c.position(T));
      if (ack) expect((await other.read(ack.length)).length).toBe(ack.length);
    });
  }

  it("survives a truncated frame followed by a close", async () => {
    const { client, connect, stored } = await start();
    await hello(client);
    await client.write(c.position(T).subarray(0, 12));
    client.close();
    const other = await connect();
    await hello(other);
    await other.write(c.position(T));
    await waitFor(() => stored.length === 1);
  });
}
