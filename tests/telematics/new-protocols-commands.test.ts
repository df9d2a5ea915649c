import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCommandRelay } from "../../server/modules/immobilization/command-relay";
import { requestImmobilization } from "../../server/modules/immobilization/immobilization.service";
import { JT808 } from "../../server/protocols/jt808";
import { Jt808Client, QueclinkClient, RawDeviceClient } from "../../server/telematics/simulator";
import { attachTestLive, createTestContext, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createOrganisation, createVehicle, randomImei } from "../support/factories";
import { waitFor } from "../support/wait";
import { spawnChild, type Child } from "../support/child-process";
import { countPositions } from "../support/positions";

type Ports = { queclink: number; jt808: number; wialon: number; coban: number };

/**
 * The four protocols of this change end to end: a device connected to another process (the gateway child)
 * stores its reports through the real pipeline (acknowledged after the commit) and is blocked and unblocked
 * from this process over the fan-out bus, with its own command form and answer.
 */
describe("Queclink, JT/T 808, Wialon IPS and Coban through the pipeline and the command relay", () => {
  let ctx: TestContext;
  let org: TestOrg;
  let child: Child<Ports>;
  let relay: ReturnType<typeof createCommandRelay>;
  const clients: RawDeviceClient[] = [];
  const now = () => new Date(Date.now() - 5000);

  beforeAll(async () => {
    ctx = createTestContext();
    org = await createOrganisation(ctx);
    const { live } = await attachTestLive(ctx, { redisUrl: null });
    relay = createCommandRelay({ bus: live, local: null, log: ctx.log });
    ctx.commands = relay;
    child = await spawnChild<Ports>("gateway", { DATABASE_URL: inject("databaseUrl"), REDIS_URL: "" });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    relay?.close();
    await child?.kill();
    await ctx?.close();
  });

  const track = <C extends RawDeviceClient>(c: C) => (clients.push(c), c);
  const fix = () => ({ fixTime: now(), latitude: 41.3275, longitude: 19.8187, speed: 30, course: 45 });

  async function blockAndUnblock(
    vehicleId: string,
    device: { command(): Promise<string>; answer(c: string): Promise<void> },
  ) {
    const admin = await principalFor(ctx, org.adminId);
    const results = [];
    for (const action of ["block", "unblock"] as const) {
      const request = requestImmobilization(ctx, admin, { vehicleId, action }, { timeoutMs: 5000 });
      const command = await device.command();
      await device.answer(command);
      results.push({ command, ...(await request) });
    }
    return results;
  }

  it("JT/T 808: stores a report, answers 0x8001, blocks with 0x8105 0x64 and unblocks with 0x65", async () => {
    const terminalId = `86${randomImei().slice(0, 10)}`;
    const v = await createVehicle(ctx, { org, device: { protocol: "jt808", imei: terminalId } });
    const device = track(await Jt808Client.connect(child.info.jt808));
    expect(await device.login(terminalId)).toBe(0);
    expect(await device.sendPosition(fix())).toBe(0);
    expect(await countPositions(ctx, v.id)).toBe(1);
    const frames: Array<Awaited<ReturnType<Jt808Client["readFrame"]>>> = [];
    const [block, unblock] = await blockAndUnblock(v.id, {
      async command() {
        const f = await device.readFrame(5000);
        frames.push(f);
        return f.body.toString("hex");
      },
      answer: () => device.answerCommand(frames[frames.length - 1]),
    });
    expect(frames.map((f) => f.header.messageId)).toEqual([JT808.TERMINAL_CONTROL, JT808.TERMINAL_CONTROL]);
    expect([block.command, unblock.command]).toEqual(["64", "65"]);
    expect(block).toMatchObject({ status: "Blocked", response: "0x8105 success" });
    expect(unblock).toMatchObject({ status: "Unblocked" });
  });

  it("Queclink: stores a report, answers +SACK, blocks and unblocks with AT+GTOUT", async () => {
    const imei = randomImei();
    const v = await createVehicle(ctx, { org, device: { protocol: "queclink", imei } });
    const device = track(await QueclinkClient.connect(child.info.queclink));
    device.imei = imei;
    expect(await device.sendPosition(fix())).toBe("+SACK:0001$");
    expect(await countPositions(ctx, v.id)).toBe(1);
    const [block, unblock] = await blockAndUnblock(v.id, {
      command: () => device.readMessage(5000),
      answer: (c) => device.answerCommand(c),
    });
    expect(block.command).toMatch(/^AT\+GTOUT=gv300,1,/);
    expect(unblock.command).toMatch(/^AT\+GTOUT=gv300,0,/);
    expect(block).toMatchObject({ status: "Blocked", response: expect.stringMatching(/^\+ACK:GTOUT,/) });
    expect(unblock).toMatchObject({ status: "Unblocked" });
  });

  it("Wialon IPS: stores a data packet, answers #AD#1, blocks and unblocks with #M#", async () => {
    const imei = randomImei();
    const v = await createVehicle(ctx, { org, device: { protocol: "wialon", imei } });
    const device = track(await RawDeviceClient.connect(child.info.wialon));
    const line = async () => {
      let s = "";
      while (!s.endsWith("\r\n")) s += (await device.read(1, 5000)).toString();
      return s.trim();
    };
    await device.write(Buffer.from(`#L#${imei};NA\r\n`));
    expect(await line()).toBe("#AL#1");
    const t = now();
    const date = `${String(t.getUTCDate()).padStart(2, "0")}${String(t.getUTCMonth() + 1).padStart(2, "0")}${String(t.getUTCFullYear() - 2000).padStart(2, "0")}`;
    const time = t.toISOString().slice(11, 19).replace(/:/g, "");
    await device.write(Buffer.from(`#D#${date};${time};4119.6500;N;01949.1220;E;30;45;110;9;1.0;0;0;NA;NA;NA\r\n`));
    expect(await line()).toBe("#AD#1");
    expect(await countPositions(ctx, v.id)).toBe(1);
    const [block, unblock] = await blockAndUnblock(v.id, {
      command: line,
      answer: () => device.write(Buffer.from("#AM#1\r\n")),
    });
    expect([block.command, unblock.command]).toEqual(["#M#block_engine", "#M#unblock_engine"]);
    expect(block).toMatchObject({ status: "Blocked", response: "#AM#1" });
  });

  it("Coban: stores a report after LOAD, blocks with J and unblocks with K", async () => {
    const imei = randomImei();
    const v = await createVehicle(ctx, { org, device: { protocol: "coban", imei } });
    const device = track(await RawDeviceClient.connect(child.info.coban));
    await device.write(Buffer.from(`##,imei:${imei},A;`));
    expect((await device.read(4, 5000)).toString()).toBe("LOAD");
    const t = now();
    const local = t.toISOString().slice(2, 16).replace(/\D/g, "");
    const utc = t.toISOString().slice(11, 19).replace(/:/g, "");
    await device.write(
      Buffer.from(`imei:${imei},tracker,${local},,F,${utc}.000,A,4119.6500,N,01949.1220,E,16.2,45,110,1,0,,,;`),
    );
    await waitFor(async () => (await countPositions(ctx, v.id)) === 1);
    const [block, unblock] = await blockAndUnblock(v.id, {
      command: async () => (await device.read(`**,imei:${imei},J`.length, 5000)).toString(),
      answer: (c) => device.write(Buffer.from(c.endsWith("J") ? "Stop engine Succeed;" : "Resume engine Succeed;")),
    });
    expect([block.command, unblock.command]).toEqual([`**,imei:${imei},J`, `**,imei:${imei},K`]);
    expect(block).toMatchObject({ status: "Blocked", response: "Stop engine Succeed" });
    expect(unblock).toMatchObject({ status: "Unblocked", response: "Resume engine Succeed" });
  });
});
