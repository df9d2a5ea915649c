import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/errors";
import { getMedia, listMedia, mediaFile, requestFootage } from "../../server/modules/video/video.service";
import { mediaFilterSchema } from "../../server/modules/video/video.schema";
import { parseCamreq } from "../../server/protocols/dualcam";
import type { TelematicsRuntime } from "../../server/runtime";
import { DualCamClient } from "../../server/telematics/simulator/dualcam-client";
import { TeltonikaClient } from "../../server/telematics/simulator/teltonika-client";
import { createTestContext, createTestOrg, type TestContext, type TestOrg } from "../support/context";
import { createTeam } from "../support/factories";
import { startTestTelematics } from "../support/telematics";
import { waitFor } from "../support/wait";
import { createCameraVehicle, principalWithRole, sampleFile, sha256 } from "./support";

let ctx: TestContext;
let rt: TelematicsRuntime;
let org: TestOrg;
let storage: string;

beforeAll(async () => {
  storage = await fs.mkdtemp(path.join(os.tmpdir(), "flota-video-"));
  ctx = createTestContext({ config: { FLOTA_STORAGE_DIR: storage } });
  rt = await startTestTelematics(ctx, { ports: { teltonika: 0, gt06: 0, h02: 0, osmand: 0, camera: 0 } });
  org = await createTestOrg(ctx);
});

afterAll(async () => {
  await rt?.close();
  await ctx?.close();
  await fs.rm(storage, { recursive: true, force: true });
});

const admin = () => principalWithRole(ctx, org, "administrator");
const filter = (q: Record<string, string> = {}) => mediaFilterSchema.parse(q);

async function tracker(imei: string) {
  const client = await TeltonikaClient.connect(rt.ports.teltonika!);
  expect(await client.handshake(imei)).toBe(true);
  await waitFor(() => rt.gateways.teltonika!.isConnected(imei));
  return client;
}

const clipMeta = (time: Date, trigger: "server_request" | "green_driving" | "periodic" = "server_request") => ({
  trigger,
  time,
  durationS: 10,
  lat: 41.33,
  lon: 19.82,
});

describe("video requests over the real device protocol", () => {
  it("sends camreq to the tracker, moves to sent, receives the clip on the camera server and commits it verified", async () => {
    const p = await admin();
    const v = await createCameraVehicle(ctx, { org });
    const device = await tracker(v.imei);
    const asked = requestFootage(
      ctx,
      p,
      { vehicleId: v.id, camera: "front", mediaType: "video", at: "2026-11-24 10:00", durationS: "10" },
      { timeoutMs: 3000 },
    );
    const text = await device.receiveCommand();
    const cam = parseCamreq(text);
    expect(cam).toMatchObject({ mediaType: "video", camera: "front", durationS: 10 });
    await device.respondToCommand("Camera request accepted");
    const sent = await asked;
    expect(sent.status).toBe("sent");
    expect(sent.trigger).toBe("server_request");

    const clip = sampleFile("video", 10 * 1024 + 300);
    const camera = await DualCamClient.connect(rt.ports.camera!);
    const r = await camera.upload(v.imei, [{ file: "videoFront", data: clip, meta: clipMeta(cam!.at) }]);
    expect(r.closedByServer).toBe(true);
    device.close();

    const done = await getMedia(ctx, p, sent.id);
    expect(done).toMatchObject({
      status: "completed",
      progress: 100,
      sizeBytes: clip.length,
      sha256: sha256(clip),
      contentType: "video/mp4",
    });
    const file = await mediaFile(ctx, p, sent.id);
    const chunks: Buffer[] = [];
    for await (const c of file.read({ start: 0, end: 99 })) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(clip.subarray(0, 100));
    // stored outside the database, under the storage folder
    const onDisk = await fs.readdir(path.join(storage, "media", org.orgId), { recursive: true });
    expect(onDisk.some((f) => String(f).endsWith(`${sent.id}.mp4`))).toBe(true);
  });

  it("fails with device_offline when the tracker is not connected", async () => {
    const p = await admin();
    const v = await createCameraVehicle(ctx, { org });
    const r = await requestFootage(ctx, p, { vehicleId: v.id, camera: "rear", mediaType: "photo" }, { timeoutMs: 500 });
    expect(r).toMatchObject({ status: "failed", failure: "device_offline", mediaUrl: null });
    await expect(mediaFile(ctx, p, r.id)).rejects.toMatchObject({ code: "MEDIA_NOT_READY" });
  });

  it("fails with timeout when the tracker never answers, and with no_footage when it says so", async () => {
    const p = await admin();
    const v = await createCameraVehicle(ctx, { org });
    const device = await tracker(v.imei);
    const silent = await requestFootage(
      ctx,
      p,
      { vehicleId: v.id, camera: "front", mediaType: "photo" },
      { timeoutMs: 300 },
    );
    expect(silent).toMatchObject({ status: "failed", failure: "timeout" });
    await device.receiveCommand();
    const asked = requestFootage(
      ctx,
      p,
      { vehicleId: v.id, camera: "front", mediaType: "video", durationS: "5" },
      { timeoutMs: 3000 },
    );
    await device.receiveCommand();
    await device.respondToCommand("No footage found for requested time");
    expect(await asked).toMatchObject({ status: "failed", failure: "no_footage" });
    device.close();
  });

  it("refuses a vehicle without a camera, a clip longer than 30 s and users without video:request", async () => {
    const p = await admin();
    const { createVehicle } = await import("../support/factories");
    const plain = await createVehicle(ctx, { org, device: "teltonika" });
    await expect(
      requestFootage(ctx, p, { vehicleId: plain.id, camera: "front", mediaType: "photo" }),
    ).rejects.toMatchObject({ code: "CAMERA_UNAVAILABLE" });
    const v = await createCameraVehicle(ctx, { org });
    await expect(
      requestFootage(ctx, p, { vehicleId: v.id, camera: "front", mediaType: "video", durationS: "31" }),
    ).rejects.toThrow();
    await expect(requestFootage(ctx, p, { vehicleId: v.id, camera: "front", mediaType: "video" })).rejects.toThrow();
    const viewer = await principalWithRole(ctx, org, "viewer");
    await expect(
      requestFootage(ctx, viewer, { vehicleId: v.id, camera: "front", mediaType: "photo" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("resumes a dropped transfer from the last acknowledged packet and commits only the complete file", async () => {
    const p = await admin();
    const v = await createCameraVehicle(ctx, { org });
    const clip = sampleFile("video", 40 * 1024 + 17);
    const meta = clipMeta(new Date(Date.now() - 60_000), "periodic");
    const first = await DualCamClient.connect(rt.ports.camera!);
    const cut = await first.upload(v.imei, [{ file: "videoRear", data: clip, meta }], { dropAfter: 20 });
    expect(cut).toMatchObject({ sent: 20, closedByServer: false });
    await waitFor(async () => {
      const t = await ctx.db
        .selectFrom("video_transfers")
        .selectAll()
        .where("device_id", "=", v.imei)
        .executeTakeFirst();
      return t?.received_packets === 20;
    });
    const partial = await listMedia(ctx, p, filter({ vehicleId: v.id }));
    expect(partial.items).toHaveLength(1);
    expect(partial.items[0]).toMatchObject({ status: "uploading", trigger: "periodic", mediaUrl: null });

    const second = await DualCamClient.connect(rt.ports.camera!);
    const rest = await second.upload(v.imei, [{ file: "videoRear", data: clip, meta }]);
    expect(rest.resumedFrom).toEqual([20]);
    expect(rest.sent).toBe(41 - 20);
    const done = await getMedia(ctx, p, partial.items[0].id);
    expect(done).toMatchObject({ status: "completed", sha256: sha256(clip), sizeBytes: clip.length });
    expect(
      await ctx.db.selectFrom("video_transfers").selectAll().where("device_id", "=", v.imei).execute(),
    ).toHaveLength(0);
  });

  it("answers a bad CRC with a resume from the last good packet", async () => {
    const p = await admin();
    const v = await createCameraVehicle(ctx, { org });
    const photo = sampleFile("photo", 5 * 1024);
    const cam = await DualCamClient.connect(rt.ports.camera!);
    const r = await cam.upload(
      v.imei,
      [{ file: "photoFront", data: photo, meta: { ...clipMeta(new Date(), "periodic"), durationS: 0 } }],
      { corrupt: 2 },
    );
    expect(r.resumedFrom).toEqual([0, 2]);
    const { items } = await listMedia(ctx, p, filter({ vehicleId: v.id }));
    expect(items[0]).toMatchObject({ status: "completed", mediaType: "photo", sha256: sha256(photo) });
  });

  it("matches a green-driving upload to the vehicle's harsh-braking alert and its position", async () => {
    const p = await admin();
    const v = await createCameraVehicle(ctx, { org });
    const at = new Date(Date.now() - 5 * 60_000);
    const alert = await ctx.db
      .insertInto("alerts")
      .values({
        org_id: org.orgId,
        policy_name: "Harsh braking",
        alert_type: "device_alarm",
        vehicle_id: v.id,
        occurred_at: at,
        lat: 41.33,
        lon: 19.82,
        details: JSON.stringify({ alarm: "harshBraking" }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const cam = await DualCamClient.connect(rt.ports.camera!);
    await cam.upload(v.imei, [
      {
        file: "videoFront",
        data: sampleFile("video", 3000),
        meta: clipMeta(new Date(at.getTime() + 4000), "green_driving"),
      },
    ]);
    const { items } = await listMedia(ctx, p, filter({ vehicleId: v.id, trigger: "green_driving" }));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ alertId: alert.id, status: "completed", lat: 41.33, lon: 19.82 });
    const details = await getMedia(ctx, p, items[0].id);
    expect(details.alert).toMatchObject({ id: alert.id, policyName: "Harsh braking", type: "device_alarm" });
  });

  it("costs a hostile or truncated stream only its connection", async () => {
    const v = await createCameraVehicle(ctx, { org });
    const garbage = new net.Socket();
    await new Promise<void>((resolve) => garbage.connect(rt.ports.camera!, "127.0.0.1", resolve));
    const closed = new Promise<void>((resolve) => garbage.on("close", () => resolve()));
    garbage.on("error", () => {});
    garbage.write(Buffer.from([0x7f, 0x7f, 0xff, 0xff, 1, 2, 3]));
    await closed;
    // an unknown camera is refused
    const stranger = await DualCamClient.connect(rt.ports.camera!);
    const r = await stranger.upload("356000000000001", [
      { file: "photoFront", data: sampleFile("photo", 10), meta: { ...clipMeta(new Date()), durationS: 0 } },
    ]);
    expect(r).toMatchObject({ sent: 0, closedByServer: true });
    // a camera that announces a file and vanishes leaves nothing completed
    const quitter = await DualCamClient.connect(rt.ports.camera!);
    await quitter.upload(
      v.imei,
      [
        {
          file: "photoRear",
          data: sampleFile("photo", 4096),
          meta: { ...clipMeta(new Date(), "periodic"), durationS: 0 },
        },
      ],
      { dropAfter: 1 },
    );
    const p = await admin();
    await waitFor(async () => (await listMedia(ctx, p, filter({ vehicleId: v.id }))).items.length === 1);
    const { items } = await listMedia(ctx, p, filter({ vehicleId: v.id }));
    expect(items[0].status).toBe("uploading");
    // the server still serves the next camera
    const good = await DualCamClient.connect(rt.ports.camera!);
    await good.upload(v.imei, [
      {
        file: "photoFront",
        data: sampleFile("photo", 900),
        meta: { ...clipMeta(new Date(), "periodic"), durationS: 0 },
      },
    ]);
    expect((await listMedia(ctx, p, filter({ vehicleId: v.id, status: "completed" }))).items).toHaveLength(1);
  });
});

describe("video access follows vehicle scoping", () => {
  it("hides other organisations' and other teams' footage, and the file, from users who may not see the vehicle", async () => {
    const p = await admin();
    const team = await createTeam(ctx, { org });
    const v = await createCameraVehicle(ctx, { org, team: team.id });
    const cam = await DualCamClient.connect(rt.ports.camera!);
    await cam.upload(v.imei, [
      {
        file: "photoFront",
        data: sampleFile("photo", 2000),
        meta: { ...clipMeta(new Date(), "periodic"), durationS: 0 },
      },
    ]);
    const { items } = await listMedia(ctx, p, filter({ vehicleId: v.id }));
    const id = items[0].id;

    const otherOrg = await createTestOrg(ctx);
    const outsider = await principalWithRole(ctx, otherOrg, "administrator");
    await expect(getMedia(ctx, outsider, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(mediaFile(ctx, outsider, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listMedia(ctx, outsider, filter())).items.map((m) => m.id)).not.toContain(id);

    const otherTeam = await createTeam(ctx, { org });
    const dispatcher = await principalWithRole(ctx, org, "dispatcher", otherTeam.id);
    if (dispatcher.teamIds !== "all") {
      await expect(getMedia(ctx, dispatcher, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(
        requestFootage(ctx, dispatcher, { vehicleId: v.id, camera: "front", mediaType: "photo" }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    const driver = await principalWithRole(ctx, org, "driver");
    await expect(getMedia(ctx, driver, id)).rejects.toBeInstanceOf(AppError);
    await expect(listMedia(ctx, driver, filter())).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
