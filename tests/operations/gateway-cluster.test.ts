import dgram from "node:dgram";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCommandRelay } from "../../server/modules/immobilization/command-relay";
import { requestImmobilization } from "../../server/modules/immobilization/immobilization.service";
import { encodeTeltonikaUdp } from "../../server/protocols/teltonika-udp";
import { TeltonikaClient } from "../../server/telematics/simulator";
import { encodeTeltonikaAvl } from "../../server/telematics/simulator/teltonika-encoder";
import {
  attachTestLive,
  createTestContext,
  createTestOrg,
  principalFor,
  type TestContext,
  type TestOrg,
} from "../support/context";
import { freePort } from "../support/free-port";
import { killAllFlotaProcesses, NO_GATEWAY_PORTS, startFlotaProcess, type FlotaProcess } from "../support/processes";
import { waitFor } from "../support/wait";
import { countPositions } from "../support/positions";
import { attachDevices } from "../support/factories";

/**
 * `npm run gateway` with GATEWAY_PROCESSES=2 (Node's cluster module, the Node 20 way to share a port): devices
 * on one TCP port and Teltonika UDP on the same number are served, a command from another process reaches each
 * device whichever worker holds it, and a killed worker is replaced.
 */
describe("GATEWAY_PROCESSES=2: two gateway workers on one port", () => {
  let ctx: TestContext;
  let org: TestOrg;
  let devices: Awaited<ReturnType<typeof attachDevices>>;
  let gateway: FlotaProcess;
  let port: number;
  let relay: ReturnType<typeof createCommandRelay>;
  const clients: TeltonikaClient[] = [];
  const running = () => (gateway.output().match(/gateway is running/g) ?? []).length;

  beforeAll(async () => {
    ctx = createTestContext();
    org = await createTestOrg(ctx, { demo: true });
    devices = await attachDevices(ctx, org.orgId, 4);
    const { live } = await attachTestLive(ctx);
    relay = createCommandRelay({ bus: live, local: null, log: ctx.log });
    ctx.commands = relay;
    port = await freePort();
    gateway = await startFlotaProcess(
      "server/cli/gateway.ts",
      [],
      {
        ...NO_GATEWAY_PORTS,
        DATABASE_URL: inject("databaseUrl"),
        REDIS_URL: "",
        FLOTA_DEMO: "false",
        GATEWAY_HOST: "127.0.0.1",
        TELTONIKA_PORT: String(port),
        GATEWAY_PROCESSES: "2",
        LOG_LEVEL: "info",
      },
      "gateway is running",
    );
    await waitFor(() => running() === 2, 100_000, 50);
  }, 240_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    relay?.close();
    await killAllFlotaProcesses();
    await ctx?.close();
  });

  const record = (t: number) => ({
    fixTime: new Date(t),
    latitude: 41.32,
    longitude: 19.81,
    speed: 20,
    satellites: 8,
    ignition: true,
  });

  it("stores TCP and UDP positions on the shared port and gets every device's command answered", async () => {
    const t0 = Date.now() - 600_000;
    for (const d of devices) {
      const c = await TeltonikaClient.connect(port);
      clients.push(c);
      expect(await c.handshake(d.imei, 10_000)).toBe(true);
      expect(await c.sendRecords([record(t0)], undefined, 10_000)).toBe(1);
    }
    const admin = await principalFor(ctx, org.adminId);
    for (const [i, d] of devices.entries()) {
      const blocked = requestImmobilization(ctx, admin, { vehicleId: d.id, action: "block" }, { timeoutMs: 10_000 });
      expect(await clients[i].receiveCommand(10_000)).toBe("setdigout 1");
      await clients[i].respondToCommand("DOUT1:1 DOUT2:0");
      expect(await blocked).toMatchObject({ status: "Blocked" });
    }

    // Teltonika UDP on the same port number: acknowledged after the commit
    const frame = encodeTeltonikaAvl([record(t0 + 5000)]);
    const datagram = encodeTeltonikaUdp(devices[0].imei, frame.subarray(8, frame.length - 4), 0x0102, 7);
    const socket = dgram.createSocket("udp4");
    const reply = new Promise<Buffer>((resolve) => socket.once("message", resolve));
    socket.send(datagram, port, "127.0.0.1");
    expect((await reply).toString("hex")).toBe("00050102010701");
    socket.close();
    expect(await countPositions(ctx, devices[0].id)).toBe(2);
  }, 90_000);

  it("starts a new worker when one dies; its devices reconnect to the other", async () => {
    const children = readFileSync(`/proc/${gateway.proc.pid}/task/${gateway.proc.pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(children).toHaveLength(2);
    process.kill(children[0], "SIGKILL");
    await waitFor(() => running() === 3, 100_000, 50);
    const c = await TeltonikaClient.connect(port);
    clients.push(c);
    expect(await c.handshake(devices[1].imei, 10_000)).toBe(true);
    expect(await c.sendRecords([record(Date.now() - 1000)], undefined, 10_000)).toBe(1);
  }, 120_000);
});
