import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { startTelematics } from "../../server/runtime";
import { RawDeviceClient } from "../../server/telematics/simulator/raw-device-client";
import { encodeMeitrackDevice } from "../../server/protocols/meitrack";
import { createTestContext, type TestContext } from "../support/context";
import { freePort } from "../support/free-port";

describe("ports of the Ruptela, Meitrack, Suntech and Galileosky gateways", () => {
  let ctx: TestContext | undefined;
  afterAll(async () => ctx?.close());

  it("default to Traccar's ports and parse 0", () => {
    const base = { DATABASE_URL: "postgres://x@127.0.0.1/x", SESSION_SECRET: "x".repeat(32) };
    const defaults = loadConfig(base as NodeJS.ProcessEnv);
    expect([defaults.RUPTELA_PORT, defaults.MEITRACK_PORT, defaults.SUNTECH_PORT, defaults.GALILEOSKY_PORT]).toEqual([
      5046, 5020, 5011, 5034,
    ]);
    expect(loadConfig({ ...base, SUNTECH_PORT: "0" } as NodeJS.ProcessEnv).SUNTECH_PORT).toBe(0);
  });

  it("listen on their configured port and stay off with 0", async () => {
    const port = await freePort();
    ctx = createTestContext({
      config: {
        RUPTELA_PORT: "0",
        SUNTECH_PORT: "0",
        GALILEOSKY_PORT: "0",
        MEITRACK_PORT: String(port),
        QUECLINK_PORT: "0",
        JT808_PORT: "0",
        WIALON_PORT: "0",
        COBAN_PORT: "0",
      },
    });
    const rt = await startTelematics(ctx, {
      host: "127.0.0.1",
      ports: { teltonika: 0, gt06: 0, h02: 0, osmand: 0, camera: 0 },
    });
    try {
      expect(rt.ports).toEqual({ meitrack: port });
      const device = await RawDeviceClient.connect(port);
      await device.write(
        encodeMeitrackDevice("867047043162018", "AAA,35,1,1,240501100000,A,1,1,1,1,1,1,1,1,1|1|1|1,0000,,,"),
      );
      await device.closed; // an unknown device: refused, which proves the Meitrack gateway answered on that port
    } finally {
      await rt.close();
    }
  });
});
