import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMedia, requestFootage } from "../../server/modules/video/video.service";
import { DemoCamera } from "../../server/simulator/demo-camera";
import { sampleClip, samplePhoto } from "../../server/simulator/sample-media";
import type { TelematicsRuntime } from "../../server/runtime";
import { TeltonikaClient } from "../../server/telematics/simulator/teltonika-client";
import { createTestContext, createTestOrg, type TestContext } from "../support/context";
import { startTestTelematics } from "../support/telematics";
import { waitFor } from "../support/wait";
import { createCameraVehicle, principalWithRole } from "./support";

let ctx: TestContext;
let rt: TelematicsRuntime;
beforeAll(async () => {
  ctx = createTestContext();
  rt = await startTestTelematics(ctx, { ports: { teltonika: 0, gt06: 0, h02: 0, osmand: 0, camera: 0 } });
});
afterAll(async () => {
  await rt?.close();
  await ctx?.close();
});

describe("demo camera", () => {
  it("makes a PNG photo and an animated PNG clip at start (no downloaded media)", () => {
    const photo = samplePhoto(3);
    expect(photo.subarray(1, 4).toString("ascii")).toBe("PNG");
    const clip = sampleClip(3, 4);
    expect(clip.includes(Buffer.from("acTL"))).toBe(true);
    expect(clip.includes(Buffer.from("fdAT"))).toBe(true);
  });

  it("answers a request for a 10-second clip over the real protocols, and the clip arrives completed", async () => {
    const org = await createTestOrg(ctx);
    const p = await principalWithRole(ctx, org, "administrator");
    const v = await createCameraVehicle(ctx, { org });
    const tracker = await TeltonikaClient.connect(rt.ports.teltonika!);
    expect(await tracker.handshake(v.imei)).toBe(true);
    await waitFor(() => rt.gateways.teltonika!.isConnected(v.imei));
    const camera = new DemoCamera(v.imei, rt.ports.camera!, 1, ctx.log);
    const asked = requestFootage(
      ctx,
      p,
      { vehicleId: v.id, camera: "front", mediaType: "video", durationS: "10" },
      { timeoutMs: 3000 },
    );
    const text = await tracker.receiveCommand();
    await tracker.respondToCommand(camera.handleCommand(text, { lat: 41.32, lon: 19.81 })!);
    const sent = await asked;
    expect(sent.status).toBe("sent");
    await waitFor(async () => (await getMedia(ctx, p, sent.id)).status === "completed", 10_000);
    expect(await getMedia(ctx, p, sent.id)).toMatchObject({
      contentType: "image/png",
      durationS: 10,
      trigger: "server_request",
    });
    tracker.close();
  });
});
