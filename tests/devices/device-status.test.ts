// Frames without a position end up as device status, refused frames on the device faults page (with the
// add-as-vehicle link prefilled), through the real gateways, PostgreSQL and the web app.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeGt06Frame } from "../../server/protocols/gt06";
import { encodeGt06Heartbeat, encodeGt06Login } from "../../server/telematics/simulator/gt06-encoder";
import { RawDeviceClient } from "../../server/telematics/simulator/raw-device-client";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { randomImei } from "../support/factories";
import { createMapOrg, type MapTestOrg } from "../support/map-org";
import { waitFor } from "../support/wait";

describe("device status and refused frames", () => {
  let srv: TestServer;
  let org: MapTestOrg;
  let admin: FormClient;
  let port: number;

  beforeAll(async () => {
    srv = await startTestServer({ telematics: true });
    org = await createMapOrg(srv.ctx, 1, { operator: true });
    await srv.ctx.db
      .updateTable("vehicles")
      .set({ device_protocol: "gt06" })
      .where("id", "=", org.vehicles[0].id)
      .execute();
    admin = new FormClient(srv.url);
    await admin.login(org.adminEmail, org.adminPassword);
    port = srv.telematics!.ports.gt06!;
  });
  afterAll(async () => {
    await srv?.close();
  });

  it("stores a heartbeat's values before acknowledging it, merging later reports key by key", async () => {
    const client = await RawDeviceClient.connect(port);
    try {
      await client.write(encodeGt06Login(org.vehicles[0].imei, 1));
      await client.read(10);
      await client.write(encodeGt06Heartbeat(2, { ignition: true, voltageLevel: 4, gsm: 3 }));
      const ack = await client.read(10);
      expect(ack[3]).toBe(0x13);
      const row = await srv.ctx.db
        .selectFrom("device_status")
        .selectAll()
        .where("vehicle_id", "=", org.vehicles[0].id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ identifier: org.vehicles[0].imei, org_id: org.orgId, ignition: true });
      expect(row.attributes).toMatchObject({ batteryLevel: 67 });
      // A cell-only report adds its keys and keeps the others.
      const cells = encodeGt06Frame(
        0x28,
        3,
        Buffer.from(
          "10010D02020201CC00287D001F713E287D001F7231287D001E232D287D001F4018000000000000000000000000000000000000FF0002",
          "hex",
        ),
      );
      await client.write(cells);
      await client.read(10);
      const merged = await srv.ctx.db
        .selectFrom("device_status")
        .select("attributes")
        .where("vehicle_id", "=", org.vehicles[0].id)
        .executeTakeFirstOrThrow();
      expect(merged.attributes).toMatchObject({ batteryLevel: 67, mcc: 460, cellId: 8049 });
    } finally {
      client.close();
    }
  });

  it("keeps the last refused frame of a known device (one row, size-capped) and shows it on the faults page", async () => {
    const client = await RawDeviceClient.connect(port);
    try {
      await client.write(encodeGt06Login(org.vehicles[0].imei, 1));
      await client.read(10);
      await client.write(encodeGt06Frame(0x34, 5, Buffer.alloc(22, 0x01)));
      await client.write(encodeGt06Frame(0x34, 6, Buffer.alloc(23, 0x02)));
      await waitFor(async () => {
        const r = await srv.ctx.db
          .selectFrom("device_refused_frames")
          .select("refusals")
          .where("identifier", "=", org.vehicles[0].imei)
          .executeTakeFirst();
        return r?.refusals === 2;
      });
      // Bytes beyond the cap are not kept.
      await client.write(encodeGt06Frame(0xfe, 7, Buffer.alloc(1500, 0x03), true));
      await waitFor(async () => {
        const r = await srv.ctx.db
          .selectFrom("device_refused_frames")
          .selectAll()
          .where("identifier", "=", org.vehicles[0].imei)
          .executeTakeFirst();
        return r?.refusals === 3;
      });
      const row = await srv.ctx.db
        .selectFrom("device_refused_frames")
        .selectAll()
        .where("identifier", "=", org.vehicles[0].imei)
        .executeTakeFirstOrThrow();
      expect([row.frame.length, row.frame_length, row.known_device]).toEqual([1024, 1511, true]);
      expect(row.reason).toContain("unsupported protocol number 0xfe");
      const html = await (await admin.get("/manage/faults?lng=en")).text();
      expect(html).toContain('data-testid="failing-devices"');
      expect(html).toContain(`data-identifier="${org.vehicles[0].imei}"`);
      expect(html).toContain("unsupported protocol number 0xfe");
      expect(html).toContain("79 79 05 e1 fe 03 03");
      expect(html).toContain("(first 1 KiB)");
    } finally {
      client.close();
    }
  });

  it("shows an unknown device's login frame, decoded, and links to a prefilled new-vehicle form", async () => {
    const imei = randomImei();
    const client = await RawDeviceClient.connect(port);
    await client.write(encodeGt06Login(imei, 1));
    await client.closed;
    const html = await (await admin.get("/manage/faults?lng=en")).text();
    expect(html).toContain(`data-identifier="${imei}"`);
    expect(html).toContain("unknown device: no vehicle has this identifier");
    expect(html).toMatch(/data-testid="frame-decoded">[^<]*&quot;kind&quot;: &quot;login&quot;/);
    const href = `/configuration/vehicles/add?device_imei=${imei}&amp;device_protocol=gt06`;
    expect(html).toContain(href);
    const form = await (await admin.get(href.replace("&amp;", "&") + "&lng=en")).text();
    expect(form).toMatch(new RegExp(`name="device_imei"[^>]*value="${imei}"|value="${imei}"[^>]*name="device_imei"`));
    expect(form).toMatch(/<option value="gt06" selected/);
  });
});
