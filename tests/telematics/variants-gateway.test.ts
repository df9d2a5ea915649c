// The protocol variants through real TCP gateways: what is acknowledged, what is reported, what closes.
import { describe, expect, it, vi } from "vitest";
import { encodeGt06Frame, gt06Ack } from "../../server/protocols/gt06";
import { encodeImeiHandshake } from "../../server/protocols/teltonika";
import { encodeGt06Location, encodeGt06Login } from "../../server/telematics/simulator/gt06-encoder";
import { RawDeviceClient as RawClient } from "../../server/telematics/simulator/raw-device-client";
import type { DevicePosition, DeviceStatus } from "../../server/shared/device-contract";
import { gatewayHarness, localGatewayOptions } from "./gateway-harness";
import { captureLogger } from "./helpers";
import { waitFor } from "../support/wait";

const IMEI = "864717003283581";
const harness = gatewayHarness<RawClient>();

async function start(protocol: "gt06" | "teltonika") {
  const stored: DevicePosition[] = [];
  const statuses: DeviceStatus[] = [];
  const onFrameRefused = vi.fn(async () => {});
  const gateway = await harness.start({
    ...localGatewayOptions(protocol, captureLogger().logger),
    isKnownDevice: async (id) => id === IMEI,
    onPositions: async (_id, p) => void stored.push(...p),
    onDeviceStatus: async (_id, s) => void statuses.push(s),
    onFrameRefused,
  });
  const connect = async () => harness.track(await RawClient.connect(gateway.port));
  return { stored, statuses, onFrameRefused, connect };
}

describe("GT06 variants through the gateway", () => {
  it("reports an unknown layout without closing, answers a Wi-Fi report its own way, then stores a position", async () => {
    const { stored, statuses, onFrameRefused, connect } = await start("gt06");
    const client = await connect();
    await client.write(encodeGt06Login(IMEI, 1));
    await client.read(10);
    const unknown = encodeGt06Frame(0x34, 2, Buffer.alloc(10, 0x01));
    await client.write(unknown);
    await waitFor(() => onFrameRefused.mock.calls.length === 1);
    expect(onFrameRefused).toHaveBeenCalledWith(IMEI, "gt06", unknown, expect.stringContaining("0x34 layout"));
    await client.write(Buffer.from("787800691710231108500200cc080c4e2fa5640c4e2fa66e0d0a", "hex"));
    expect((await client.read(12)).toString("hex")).toBe("787800691710231108500d0a");
    expect(statuses[0].attributes).toMatchObject({ mcc: 204, cells: 2 });
    const fix = { fixTime: new Date("2024-05-01T10:00:00Z"), latitude: 41.33, longitude: 19.82, speed: 40, course: 10 };
    await client.write(encodeGt06Location(fix, 3, 0x22));
    expect((await client.read(10)).equals(gt06Ack({ protocolNumber: 0x22, serial: 3 }))).toBe(true);
    expect(stored).toHaveLength(1);
    expect(client.pendingBytes).toBe(0); // the unknown layout got no answer
  });

  it("garbage closes only that connection, and a device's malformed frame is reported first", async () => {
    const { stored, onFrameRefused, connect } = await start("gt06");
    const good = await connect();
    const bad = await connect();
    await good.write(encodeGt06Login(IMEI, 1));
    await good.read(10);
    await bad.write(Buffer.from("GET / HTTP/1.1\r\n\r\n"));
    await bad.closed;
    const fix = { fixTime: new Date("2024-05-01T10:00:00Z"), latitude: 41.33, longitude: 19.82 };
    await good.write(encodeGt06Location(fix, 2));
    await good.read(10);
    expect(stored).toHaveLength(1);
    const corrupt = encodeGt06Location(fix, 3);
    corrupt[10] ^= 0xff;
    await good.write(corrupt);
    await good.closed;
    expect(onFrameRefused).toHaveBeenCalledWith(IMEI, "gt06", corrupt, expect.stringContaining("bad CRC"));
  });
});

describe("Teltonika Codec 7 through the gateway", () => {
  it("stores the GPS records, keeps the others as status and acknowledges every record", async () => {
    const { stored, statuses, connect } = await start("teltonika");
    const client = await connect();
    await client.write(encodeImeiHandshake(IMEI));
    expect((await client.read(1))[0]).toBe(1);
    await client.write(
      Buffer.from(
        "0000000000000055070450aa14320201f00150aa17f3031f42332a4c4193d68c008d00020901f00150aa1b6a031f423383f54193624f009d00000a01f00150aa1c230fc01a0000552b040164f400dd00f0010143100c0105000000050400006846",
        "hex",
      ),
    );
    expect((await client.read(4)).readUInt32BE(0)).toBe(4);
    expect(stored).toHaveLength(2);
    expect(statuses).toHaveLength(2);
  });
});
