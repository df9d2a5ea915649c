import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { startTelematics, type TelematicsRuntime } from "../../server/runtime";
import { createTestContext, type TestContext } from "../support/context";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe("QUECLINK_PORT, JT808_PORT, WIALON_PORT, COBAN_PORT", () => {
  let ctx: TestContext | undefined;
  let rt: TelematicsRuntime | undefined;
  afterAll(async () => {
    await rt?.close();
    await ctx?.close();
  });

  it("default to the customary ports", () => {
    const config = loadConfig({ NODE_ENV: "test", FLOTA_DEMO: "false" });
    expect(config).toMatchObject({ QUECLINK_PORT: 5004, JT808_PORT: 5015, WIALON_PORT: 5039, COBAN_PORT: 5001 });
  });

  it("listen on the configured ports, and 0 turns a protocol off", async () => {
    const [jt808, coban] = [await freePort(), await freePort()];
    const off = {
      TELTONIKA_PORT: "0",
      GT06_PORT: "0",
      H02_PORT: "0",
      OSMAND_PORT: "0",
      CAMERA_PORT: "0",
      RUPTELA_PORT: "0",
      MEITRACK_PORT: "0",
      SUNTECH_PORT: "0",
      GALILEOSKY_PORT: "0",
    };
    ctx = createTestContext({
      config: { ...off, JT808_PORT: String(jt808), COBAN_PORT: String(coban), QUECLINK_PORT: "0", WIALON_PORT: "0" },
    });
    rt = await startTelematics(ctx, { host: "127.0.0.1" });
    expect(rt.ports).toEqual({ jt808, coban });
    const socket = net.connect(jt808, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    socket.destroy();
  });
});
