import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCommandRelay } from "../../server/modules/immobilization/command-relay";
import { requestImmobilization } from "../../server/modules/immobilization/immobilization.service";
import { encodeGalileoskyCommand, encodeGalileoskyHead } from "../../server/protocols/galileosky";
import { encodeMeitrackDevice, encodeMeitrackServer } from "../../server/protocols/meitrack";
import {
  encodeRuptelaPacket,
  encodeRuptelaRecords,
  ruptelaServerPacket,
  RUPTELA_SMS_RESPONSE,
} from "../../server/protocols/ruptela";
import { RawDeviceClient } from "../../server/telematics/simulator/raw-device-client";
import { attachTestLive, createTestContext, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createOrganisation, createVehicle } from "../support/factories";
import { waitFor } from "../support/wait";
import { spawnChild, type Child } from "../support/child-process";

type Ports = Record<"ruptela" | "meitrack" | "suntech" | "galileosky", number>;

/**
 * Block and unblock, requested in this process, reach a Ruptela, Meitrack, Suntech or Galileosky device connected
 * to another process's gateway and come back with the device's answer (same relay as Teltonika's, over the bus).
 */
describe("engine stop/resume for the devices-new-b protocols across processes", () => {
  let ctx: TestContext;
  let org: TestOrg;
  let child: Child<Ports>;
  let relay: ReturnType<typeof createCommandRelay>;
  const clients: RawDeviceClient[] = [];

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

  const stamp = (t: Date) => t.toISOString().replace(/\D/g, "");
  const now = () => new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);

  const cases = {
    ruptela: {
      id: "863071016796573",
      hello: (id: string) => encodeRuptelaRecords(id, [{ time: now(), latitude: 41.33, longitude: 19.82 }]),
      helloAck: 6,
      stop: (_id: string) => ruptelaServerPacket(108, Buffer.from(" setio 1,2")),
      resume: (_id: string) => ruptelaServerPacket(108, Buffer.from(" setio 0,2")),
      reply: (id: string) => encodeRuptelaPacket(id, RUPTELA_SMS_RESPONSE, Buffer.from("SETIO configuration data ok")),
      replyText: "SETIO configuration data ok",
    },
    meitrack: {
      id: "867047043162019",
      hello: (id: string) =>
        encodeMeitrackDevice(
          id,
          `AAA,35,41.33,19.82,${stamp(now()).slice(2, 14)},A,9,20,0,0,1,10,1,1,276|1|1|1,0000,,,`,
        ),
      helloAck: 0,
      stop: (id: string) => encodeMeitrackServer(id, "C01,0,12222", "A"),
      resume: (id: string) => encodeMeitrackServer(id, "C01,0,02222", "B"),
      reply: (id: string) => encodeMeitrackDevice(id, "C01,OK"),
      replyText: "C01,OK",
    },
    suntech: {
      id: "100850001",
      hello: (id: string) => {
        const s = stamp(now());
        return Buffer.from(
          `ST300STT;${id};04;1097;${s.slice(0, 8)};${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12, 14)};33e3e;+41.330000;+019.820000;000.000;000.00;9;1;0;12.60;000000;1;0001\r`,
        );
      },
      helloAck: 0,
      stop: (id: string) => Buffer.from(`ST300CMD;${id};02;Enable1`),
      resume: (id: string) => Buffer.from(`ST300CMD;${id};02;Disable1`),
      reply: (id: string) => Buffer.from(`ST300CMD;Res;${id};1097;OK\r`),
      replyText: "ST300CMD;Res;100850001;1097;OK",
    },
    galileosky: {
      id: "868204001549088",
      hello: (id: string) => encodeGalileoskyHead(id, 5),
      helloAck: 3,
      stop: (id: string) => encodeGalileoskyCommand(id, 5, 1, { type: "engineStop" }),
      resume: (id: string) => encodeGalileoskyCommand(id, 5, 2, { type: "engineResume" }),
      reply: (id: string) => encodeGalileoskyCommand(id, 5, 1, { type: "custom", text: "OUT(3..0) = 0001" }),
      replyText: "OUT(3..0) = 0001",
    },
  } as const;

  for (const [protocol, c] of Object.entries(cases) as Array<[keyof Ports, (typeof cases)[keyof Ports]]>) {
    it(`${protocol}: block and unblock with the device's answers`, async () => {
      const v = await createVehicle(ctx, { org, device: { protocol, imei: c.id } });
      const device = await RawDeviceClient.connect(child.info[protocol]);
      clients.push(device);
      await device.write(c.hello(c.id));
      if (c.helloAck) await device.read(c.helloAck, 10_000);
      else
        await waitFor(
          async () =>
            Boolean(
              await ctx.db
                .selectFrom("vehicle_state")
                .select("vehicle_id")
                .where("vehicle_id", "=", v.id)
                .executeTakeFirst(),
            ),
          10_000,
        );
      const admin = await principalFor(ctx, org.adminId);

      const block = requestImmobilization(ctx, admin, { vehicleId: v.id, action: "block" }, { timeoutMs: 5000 });
      const stop = c.stop(c.id);
      expect((await device.read(stop.length, 5000)).toString("hex")).toBe(stop.toString("hex"));
      await device.write(c.reply(c.id));
      expect(await block).toMatchObject({ status: "Blocked", response: c.replyText });
      if (protocol === "galileosky") await device.read(3); // the reply packet's confirmation

      const unblock = requestImmobilization(ctx, admin, { vehicleId: v.id, action: "unblock" }, { timeoutMs: 5000 });
      const resume = c.resume(c.id);
      expect((await device.read(resume.length, 5000)).toString("hex")).toBe(resume.toString("hex"));
      await device.write(c.reply(c.id));
      expect(await unblock).toMatchObject({ status: "Unblocked" });
    });
  }
});
