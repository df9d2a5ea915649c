import { describe, expect, it } from "vitest";
import { RawDeviceClient as RawClient } from "../../server/telematics/simulator/raw-device-client";
import type { DevicePosition } from "../../server/shared/device-contract";
import { gatewayHarness, localGatewayOptions } from "./gateway-harness";
import { captureLogger, deferred } from "./helpers";
import { waitFor } from "../support/wait";

const ID = "4210051415";
const report = (time: string) => `*HQ,${ID},V1,${time},A,0956.3869,N,08406.7068,W,010.00,090,221215,FFFFFBFF#`;

const harness = gatewayHarness<RawClient>();

async function start(onPositions = async (_id: string, _p: DevicePosition[]) => {}) {
  const options = localGatewayOptions("h02", captureLogger().logger);
  const gateway = await harness.start({ ...options, isKnownDevice: async (id) => id === ID, onPositions });
  const client = harness.track(await RawClient.connect(gateway.port));
  return { gateway, client, onUnknownDevice: options.onUnknownDevice };
}

describe("H02 TCP gateway (bonus)", () => {
  it("stores text reports split and coalesced across packets", async () => {
    const stored: DevicePosition[] = [];
    const { client, gateway } = await start(async (_id, p) => void stored.push(...p));
    const bytes = Buffer.from(`${report("164549")}\r\n${report("164550")}${report("164551").slice(0, 20)}`);
    await client.write(bytes);
    await client.write(Buffer.from(report("164551").slice(20)));
    await waitFor(() => stored.length === 3);
    expect(stored.map((p) => p.fixTime.toISOString())).toEqual([
      "2015-12-22T16:45:49.000Z",
      "2015-12-22T16:45:50.000Z",
      "2015-12-22T16:45:51.000Z",
    ]);
    expect(stored[0]).toMatchObject({ deviceId: ID, protocol: "h02", course: 90, valid: true });
    expect(stored[0].speed).toBeCloseTo(18.52, 6);
    expect(gateway.connectedDevices()).toEqual([ID]);
  });

  it("refuses unknown devices and closes when the commit fails", async () => {
    const { client, onUnknownDevice, gateway } = await start();
    await client.write(Buffer.from(report("164549").replace(ID, "999")));
    await client.closed;
    expect(onUnknownDevice).toHaveBeenCalledWith("999", "h02", expect.any(String), expect.any(Buffer));

    const failing = deferred();
    await gateway.close();
    const second = await start(async () => {
      failing.resolve();
      throw new Error("db down");
    });
    await second.client.write(Buffer.from(report("164549")));
    await failing.promise;
    await second.client.closed;
  });

  it("sends an S20 relay command and returns the V4 reply", async () => {
    const { client, gateway } = await start();
    await client.write(Buffer.from(report("164549")));
    await waitFor(() => gateway.connectedDevices().includes(ID));
    const result = gateway.sendCommand(ID, { type: "engineStop" });
    const sent = (await client.read(`*HQ,${ID},S20,000000,1,1#`.length)).toString();
    expect(sent).toMatch(new RegExp(`^\\*HQ,${ID},S20,\\d{6},1,1#$`));
    await client.write(Buffer.from(`*HQ,${ID},V4,S20,OK,164600,A,0956.3869,N,08406.7068,W,0,0,221215,FFFFFBFF#`));
    expect((await result).response).toContain("V4,S20,OK");
  });
});
