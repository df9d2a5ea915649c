import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaKey, mediaStore } from "../../server/modules/video/media-store";
import { bearerHeaders } from "../support/api-auth";
import { createTestOrg, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { createCameraVehicle, sampleFile, sha256 } from "./support";

let srv: TestServer;
let org: TestOrg;
let vehicleId: string;
let photoId: string;
const photo = sampleFile("photo", 3000);

beforeAll(async () => {
  srv = await startTestServer({ config: { IMMOBILIZATION_TIMEOUT_MS: "500" } });
  org = await createTestOrg(srv.ctx);
  const v = await createCameraVehicle(srv.ctx, { org });
  vehicleId = v.id;
  const capturedAt = new Date();
  const m = await srv.ctx.db
    .insertInto("video_media")
    .values({
      org_id: org.orgId,
      vehicle_id: v.id,
      device_id: v.imei,
      trigger: "ignition",
      media_type: "photo",
      camera: "front",
      captured_at: capturedAt,
      status: "completed",
      failure: null,
      lat: 41.33,
      lon: 19.82,
      content_type: "image/jpeg",
      size_bytes: photo.length,
      sha256: sha256(photo),
      file_key: "pending",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const key = mediaKey(org.orgId, m.id, capturedAt, "photo");
  await mediaStore(srv.ctx.config).write(key, photo);
  await srv.ctx.db.updateTable("video_media").set({ file_key: key }).where("id", "=", m.id).execute();
  photoId = m.id;
});
afterAll(async () => srv?.close());

async function signedIn(role: "administrator" | "viewer" | "driver" = "administrator", language: "al" | "en" = "en") {
  const u = await createUser(srv.ctx, { org, role, language });
  const c = new FormClient(srv.url);
  await c.login(u.email!, u.password);
  return c;
}

describe("video pages without JavaScript", () => {
  it("shows a harsh-braking alert's footage in the alert log, and offers a clip for a camera vehicle's other alerts", async () => {
    const mk = (at: Date) =>
      srv.ctx.db
        .insertInto("alerts")
        .values({
          org_id: org.orgId,
          policy_name: "Harsh braking",
          alert_type: "device_alarm",
          vehicle_id: vehicleId,
          occurred_at: at,
          details: JSON.stringify({ alarm: "harshBraking" }),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const withVideo = await mk(new Date(Date.now() - 120_000));
    const without = await mk(new Date(Date.now() - 60_000));
    await srv.ctx.db.updateTable("video_media").set({ alert_id: withVideo.id }).where("id", "=", photoId).execute();
    const c = await signedIn();
    const html = await (await c.get("/alerts/log")).text();
    const rowOf = (id: string) =>
      html.slice(html.indexOf(`data-alert-id="${id}"`), html.indexOf("</tr>", html.indexOf(`data-alert-id="${id}"`)));
    expect(rowOf(withVideo.id)).toContain(`/video/details/${photoId}`);
    expect(rowOf(without.id)).toContain('data-testid="alert-request-clip"');
    expect(rowOf(without.id)).toContain(`request=${vehicleId}`);
    const details = await (await c.get(`/video/details/${photoId}`)).text();
    expect(details).toContain("Harsh braking");
  });

  it("lists footage with its trigger and status, in English and Albanian", async () => {
    const en = await signedIn("administrator", "en");
    const html = await (await en.get("/video/list")).text();
    expect(html).toContain("Request footage");
    expect(html).toContain("Ignition");
    expect(html).toContain(`/video/media/${photoId}`);
    const al = await signedIn("administrator", "al");
    const sq = await (await al.get("/video/list")).text();
    expect(sq).toContain("Kërko pamje");
    expect(sq).toContain("Ndezja");
  });

  it("requests footage through the form: offline device ends failed with its reason on the details page", async () => {
    const c = await signedIn();
    const res = await c.post(
      "/video/list",
      { vehicleId, camera: "front", mediaType: "video", at: "", durationS: "10" },
      { from: "/video/list" },
    );
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/video\/details\/[0-9a-f-]{36}\?created=1$/);
    const html = await (await c.get(location)).text();
    expect(html).toContain("Device offline");
    expect(html).toContain('data-status="failed"');
  });

  it("shows the field's message for a clip without a valid duration, and refuses a vehicle without camera", async () => {
    const c = await signedIn();
    const res = await c.post(
      "/video/list",
      { vehicleId, camera: "front", mediaType: "video", durationS: "45" },
      { from: "/video/list" },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Clip duration must be between 1 and 30 seconds.");
  });

  it("shows the details with the photo, download link and position; searches by point", async () => {
    const c = await signedIn();
    const html = await (await c.get(`/video/details/${photoId}`)).text();
    expect(html).toContain('data-testid="video-photo"');
    expect(html).toContain(`/video/media/${photoId}?download=1`);
    expect(html).toContain("41.33000, 19.82000");
    const near = await (await c.get("/video/search?lat=41.3301&lon=19.8201&radiusM=100")).text();
    expect(near).toContain(`/video/details/${photoId}`);
    const far = await (await c.get("/video/search?lat=42.5&lon=20.5&radiusM=100")).text();
    expect(far).not.toContain(`/video/details/${photoId}`);
  });

  it("serves the file with byte ranges, and as a download", async () => {
    const c = await signedIn();
    const whole = await c.get(`/video/media/${photoId}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(photo);
    const part = await c.get(`/video/media/${photoId}`, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${photo.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(photo.subarray(100, 200));
    const tail = await c.get(`/video/media/${photoId}`, { headers: { range: "bytes=-10" } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(photo.subarray(photo.length - 10));
    expect((await c.get(`/video/media/${photoId}`, { headers: { range: "bytes=5000-" } })).status).toBe(416);
    const dl = await c.get(`/video/media/${photoId}?download=1`);
    expect(dl.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.jpg"$/);
  });

  it("gives viewers the list without the request form, and refuses users without video:read", async () => {
    const viewer = await signedIn("viewer");
    const html = await (await viewer.get("/video/list")).text();
    expect(html).toContain('data-testid="video-list"');
    expect(html).not.toContain('data-testid="request-form"');
    const posted = await viewer.post(
      "/video/list",
      { vehicleId, camera: "front", mediaType: "photo" },
      { from: "/video/list" },
    );
    expect(posted.status).toBe(403);
    const driver = await signedIn("driver");
    expect((await driver.get("/video/list")).status).toBe(403);
    expect((await driver.get(`/video/media/${photoId}`)).status).toBe(403);
    expect((await new FormClient(srv.url).get(`/video/media/${photoId}`)).status).toBe(302);
  });

  it("keeps footage for the organisation's retention, set by users with settings:write", async () => {
    const c = await signedIn();
    const res = await c.post("/video/list", { intent: "retention", retentionDays: "7" }, { from: "/video/list" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/video/list?retention=saved");
    const row = await srv.ctx.db
      .selectFrom("video_settings")
      .select("retention_days")
      .where("org_id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    expect(row.retention_days).toBe(7);
    expect(
      (await c.post("/video/list", { intent: "retention", retentionDays: "0" }, { from: "/video/list" })).status,
    ).toBe(400);
    const viewer = await signedIn("viewer");
    expect(await (await viewer.get("/video/list")).text()).not.toContain('data-testid="retention-form"');
    expect(
      (await viewer.post("/video/list", { intent: "retention", retentionDays: "3" }, { from: "/video/list" })).status,
    ).toBe(403);
  });

  it("offers a photo request from the live map's panel of a vehicle with a camera", async () => {
    const c = await signedIn();
    const html = await (await c.get(`/manage?vehicle=${vehicleId}`)).text();
    expect(html).toContain('data-testid="request-photo"');
    expect(html).toContain(`/video/list?request=${vehicleId}&amp;mediaType=photo#request`);
  });

  it("answers the API: list, one item, a request (201), settings", async () => {
    const auth = await bearerHeaders(srv, org.adminEmail, org.adminPassword, { webLogin: true });
    const list = await (await fetch(`${srv.url}/api/video?vehicleId=${vehicleId}`, { headers: auth })).json();
    expect(list.items.map((m: { id: string }) => m.id)).toContain(photoId);
    const one = await (await fetch(`${srv.url}/api/video/${photoId}`, { headers: auth })).json();
    expect(one).toMatchObject({ id: photoId, status: "completed", mediaUrl: `/video/media/${photoId}` });
    expect(one).not.toHaveProperty("org_id");
    expect(one).not.toHaveProperty("file_key");
    const posted = await fetch(`${srv.url}/api/video/requests`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ vehicleId, camera: "rear", mediaType: "photo" }),
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toMatchObject({
      status: "failed",
      failure: "device_offline",
      trigger: "server_request",
    });
    const bad = await fetch(`${srv.url}/api/video/requests`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ vehicleId, camera: "rear", mediaType: "video", durationS: 60 }),
    });
    expect(bad.status).toBe(400);
    expect(await (await fetch(`${srv.url}/api/video/settings`, { headers: auth })).json()).toHaveProperty(
      "retentionDays",
    );
    const doc = await (await fetch(`${srv.url}/api/openapi.json`, { headers: auth })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/video", "/api/video/{id}", "/api/video/requests"]),
    );
  });
});
