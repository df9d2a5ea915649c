import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TelematicsRuntime } from "../../server/runtime";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import { createTestOrg, type TestOrg } from "../support/context";
import { buildExists, startTestServer, type TestServer } from "../support/server";
import { position } from "../support/positions";
import { attachDevices } from "../support/factories";
import { LiveClient } from "../support/live-client";
import { apiSession } from "../support/api-auth";

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let rt: TelematicsRuntime;
let devices: Awaited<ReturnType<typeof attachDevices>>;
let session: { access_token: string; aye_token: string; user: { id: string } };
let teamId: string;

const hasBuild = buildExists();
if (!hasBuild) console.log("[live] no web build: the /live and subscribe API tests are skipped (run npm run build)");

const channel = (prefix = "markers", userId = session.user.id) =>
  `${prefix}-${userId}-${Math.floor(Date.now() / 1000)}`;
const subscribe = (param: string, body: unknown, method = "POST", token = session.access_token) =>
  fetch(`${srv.url}/api/subscribe/positions/${param}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const wsUrl = (q: string) => `${srv.url.replace("http", "ws")}/live${q}`;

describe.skipIf(!hasBuild)("live positions over /live (single process, PostgreSQL fan-out)", () => {
  beforeAll(async () => {
    srv = await startTestServer({ telematics: true });
    rt = srv.telematics!;
    org = await createTestOrg(srv.ctx, { demo: true });
    other = await createTestOrg(srv.ctx, { demo: true });
    devices = await attachDevices(srv.ctx, org.orgId, 9);
    // The dispatcher sees one team's vehicles only.
    session = await apiSession(srv, `dispatcher@${org.orgId.slice(0, 8)}.test.flota`, DEMO_PASSWORD, {
      webLogin: true,
    });
    teamId = (
      await srv.ctx.db.selectFrom("users").select("team_id").where("id", "=", session.user.id).executeTakeFirstOrThrow()
    ).team_id!;
  });
  afterAll(async () => {
    await srv?.close();
  });

  it("validates the subscription param: prefix markers/list/tms, the caller's user id, epoch seconds", async () => {
    const v = devices.find((d) => d.team_id === teamId)!;
    expect((await subscribe(channel("markers"), [v.id])).status).toBe(200);
    expect((await subscribe(channel("list"), { vehicles: [v.id] })).status).toBe(200);
    expect((await subscribe(channel("tms"), [v.id])).status).toBe(200);
    const bad = await subscribe(`map-${session.user.id}-${Math.floor(Date.now() / 1000)}`, [v.id]);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("SUBSCRIPTION_INVALID");
    expect((await subscribe(`markers-${session.user.id}-now`, [v.id])).status).toBe(400);
    expect((await subscribe(channel("markers", other.adminId), [v.id])).status).toBe(403);
    expect((await subscribe(channel(), { foo: 1 })).status).toBe(400);
    const noAuth = await fetch(`${srv.url}/api/subscribe/positions/${channel()}`, {
      method: "POST",
      body: "[]",
      headers: { "content-type": "application/json" },
    });
    expect(noAuth.status).toBe(401);
  });

  it("subscribes only the vehicles the user may see and delivers positions only for those", async () => {
    const mine = devices.filter((d) => d.team_id === teamId);
    const notMine = devices.find((d) => d.team_id !== teamId)!;
    const foreign = await srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", other.orgId)
      .executeTakeFirstOrThrow();
    const [subscribed, unsubscribedVisible] = mine;
    const ch = channel();
    const res = await subscribe(ch, [subscribed.id, notMine.id, foreign.id, "junk"]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ channel: ch, vehicles: [subscribed.id] });

    const client = await LiveClient.open(wsUrl(`?token=${encodeURIComponent(session.aye_token)}&channel=${ch}`));
    const ready = await client.waitFor((m) => m.type === "ready");
    expect(ready.vehicles).toEqual([subscribed.id]);

    const t = Date.now() - 5000;
    await rt.pipeline.onPositions(notMine.imei, [
      position(notMine.imei, { fixTime: new Date(t), speed: 10, ignition: true }),
    ]);
    await rt.pipeline.onPositions(unsubscribedVisible.imei, [
      position(unsubscribedVisible.imei, { fixTime: new Date(t), speed: 10, ignition: true }),
    ]);
    await rt.pipeline.onPositions(subscribed.imei, [
      position(subscribed.imei, {
        fixTime: new Date(t),
        speed: 42,
        course: 270,
        ignition: true,
        latitude: 41.33,
        longitude: 19.81,
      }),
    ]);
    const msg = await client.waitFor((m) => m.type === "position");
    expect(msg).toMatchObject({
      type: "position",
      vehicleId: subscribed.id,
      IsEngineOn: true,
      Speed: 42,
      ignition: 1,
      speed: 42,
      latitude: 41.33,
      longitude: 19.81,
      course: 270,
      fixTime: new Date(t).toISOString(),
      status: "Moving",
      displayState: "moving",
    });
    await rt.pipeline.onPositions(subscribed.imei, [
      position(subscribed.imei, { fixTime: new Date(t + 1000), speed: 0, ignition: false }),
    ]);
    await client.waitFor((m) => m.type === "position" && m.status === "Off");
    expect(new Set(client.positions().map((m) => m.vehicleId))).toEqual(new Set([subscribed.id]));
    client.close();
  });

  it("stops delivering after DELETE with the same body, and accepts the session cookie", async () => {
    // Vehicles on no other channel of this user.
    const [, a, b] = devices.filter((d) => d.team_id === teamId);
    const ch = `list-${session.user.id}-${Math.floor(Date.now() / 1000) + 1000}`;
    await subscribe(ch, { vehicles: [a.id, b.id] });
    const client = await LiveClient.open(wsUrl(""), { cookie: `flota_session=${session.access_token}` });
    const ready = await client.waitFor((m) => m.type === "ready");
    expect(ready.vehicles).toEqual(expect.arrayContaining([a.id, b.id]));
    const del = await subscribe(ch, { vehicles: [a.id] }, "DELETE");
    expect(del.status).toBe(200);
    expect((await del.json()).vehicles).toEqual([b.id]);
    await new Promise((r) => setTimeout(r, 300)); // the hub reloads on the subscription notice
    const t = Date.now() - 2000;
    await rt.pipeline.onPositions(a.imei, [position(a.imei, { fixTime: new Date(t), speed: 5, ignition: true })]);
    await rt.pipeline.onPositions(b.imei, [position(b.imei, { fixTime: new Date(t), speed: 7, ignition: true })]);
    await client.waitFor((m) => m.type === "position" && m.vehicleId === b.id);
    expect(client.positions(a.id)).toHaveLength(0);
    client.close();
  });

  it("refuses a socket without a valid token or with a foreign origin cookie", async () => {
    await expect(LiveClient.open(wsUrl("?token=nope"))).rejects.toThrow("HTTP 401");
    await expect(
      LiveClient.open(wsUrl(""), { cookie: `flota_session=${session.access_token}`, origin: "https://evil.example" }),
    ).rejects.toThrow("HTTP 401");
  });
});
