import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendNotice } from "../../server/modules/push/push.service";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";
import { startLocalPushService, type LocalPushService } from "./push-endpoint";

/**
 * Issue 51, items 1 and 2: a push subscription is its user's own (another user, of this organisation or another,
 * registering the same endpoint neither moves nor sees it), and push endpoints pass the outbound guard at save and
 * at send (https only, no private address, no redirect followed). OUTBOUND_ALLOW_PRIVATE is off on this server.
 */
let srv: TestServer;
let orgA: TestOrg;
let orgB: TestOrg;
let tokenA: string;
let tokenB: string;
let userA: string;
let push: LocalPushService;
/** a second loopback server: where a redirect points; it must never be called */
let inner: Server;
let innerHits = 0;

/** A documentation-range address: public for the guard, saved without a DNS look-up, never sent to here. */
const PUBLIC_ENDPOINT = "https://203.0.113.10/push/shared-device";
const keys = { p256dh: "BPcNa2V5", auth: "c2VjcmV0" };

const api = (token: string, method: string, body: unknown) =>
  fetch(`${srv.url}/api/push/subscriptions`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

const rows = (endpoint: string) =>
  srv.ctx.db.selectFrom("push_subscriptions").selectAll().where("endpoint", "=", endpoint).execute();

beforeAll(async () => {
  srv = await startTestServer();
  push = await startLocalPushService();
  inner = createServer((_req, res) => {
    innerHits++;
    res.statusCode = 410;
    res.end();
  });
  await new Promise<void>((resolve) => inner.listen(0, "127.0.0.1", resolve));
  [orgA, orgB] = await Promise.all([createTestOrg(srv.ctx), createTestOrg(srv.ctx)]);
  const [a, b] = await Promise.all([
    createUser(srv.ctx, { org: orgA, role: "driver", driver: true }),
    createUser(srv.ctx, { org: orgB, role: "driver", driver: true }),
  ]);
  userA = a.id;
  tokenA = (await principalFor(srv.ctx, a.id)).token;
  tokenB = (await principalFor(srv.ctx, b.id)).token;
});
afterAll(async () => {
  await srv?.close();
  await push?.close();
  inner?.closeAllConnections();
  await new Promise<void>((resolve) => (inner ? inner.close(() => resolve()) : resolve()));
});
beforeEach(() => {
  push.status = 201;
  push.location = null;
  push.deliveries.length = 0;
  innerHits = 0;
});

describe("a push subscription belongs to the user who made it", () => {
  it("the same endpoint from another organisation's user is a new row: the first is neither moved, shown nor removed", async () => {
    const first = await api(tokenA, "POST", { endpoint: PUBLIC_ENDPOINT, keys });
    expect(first.status).toBe(201);
    const mine = await first.json();
    const [before] = await rows(PUBLIC_ENDPOINT);

    const second = await api(tokenB, "POST", { endpoint: PUBLIC_ENDPOINT, keys });
    expect(second.status).toBe(201);
    const theirs = await second.json();
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.createdAt).not.toBe(mine.createdAt);

    const after = await rows(PUBLIC_ENDPOINT);
    expect(after).toHaveLength(2);
    expect(after.find((r) => r.id === mine.id)).toEqual(before);
    expect(after.find((r) => r.id === theirs.id)).toMatchObject({ org_id: orgB.orgId });

    // B removes B's row; A's stays, and B removing again finds nothing of A's
    expect((await api(tokenB, "DELETE", { endpoint: PUBLIC_ENDPOINT })).status).toBe(204);
    expect((await api(tokenB, "DELETE", { endpoint: PUBLIC_ENDPOINT })).status).toBe(404);
    expect(await rows(PUBLIC_ENDPOINT)).toEqual([before]);
  });

  it("the same user again updates the own row (new keys), never a second one", async () => {
    const endpoint = "https://203.0.113.10/push/again";
    const a = await (await api(tokenA, "POST", { endpoint, keys })).json();
    const b = await (await api(tokenA, "POST", { endpoint, keys: { ...keys, auth: "bmV3LXNlY3JldA" } })).json();
    expect(b.id).toBe(a.id);
    const [row] = await rows(endpoint);
    expect(row.auth).toBe("bmV3LXNlY3JldA");
  });
});

describe("push endpoints pass the outbound guard at save", () => {
  it.each([
    ["http://203.0.113.10/push/x", "PUSH_ENDPOINT_INVALID"],
    ["https://user:pw@203.0.113.10/push/x", "PUSH_ENDPOINT_INVALID"],
    ["https://127.0.0.1:8443/push/x", "OUTBOUND_URL_PRIVATE"],
    ["https://localhost/push/x", "OUTBOUND_URL_PRIVATE"],
    ["https://10.0.0.7/push/x", "OUTBOUND_URL_PRIVATE"],
    ["https://169.254.169.254/latest", "OUTBOUND_URL_PRIVATE"],
    ["https://[::ffff:0:127.0.0.1]/push/x", "OUTBOUND_URL_PRIVATE"],
    ["https://[::127.0.0.1]/push/x", "OUTBOUND_URL_PRIVATE"],
    ["https://no-such-host.invalid/push/x", "OUTBOUND_URL_UNRESOLVED"],
  ])("%s is refused with %s, and nothing is stored", async (endpoint, code) => {
    const res = await api(tokenA, "POST", { endpoint, keys });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(code);
    expect(await rows(endpoint)).toHaveLength(0);
  });

  it("a local push service over http is refused too while private addresses are not allowed", async () => {
    const res = await api(tokenA, "POST", push.subscription());
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("PUSH_ENDPOINT_INVALID");
  });
});

describe("push endpoints pass the outbound guard at send", () => {
  /** A row as stored before endpoints were checked (older data), straight into the table. */
  async function storedBefore(endpoint: string) {
    const device = push.subscription();
    await srv.ctx.db
      .insertInto("push_subscriptions")
      .values({ org_id: orgA.orgId, user_id: userA, endpoint, ...device.keys })
      .execute();
  }
  const send = () =>
    sendNotice(srv.ctx, {
      orgId: orgA.orgId,
      userId: userA,
      kind: "job_assigned",
      params: { id: "j", job: "Stop", date: "d", time: "t" },
      url: "/driver",
    });

  it("a stored loopback endpoint is not called, and its 410 cannot remove the row (no oracle)", async () => {
    await srv.ctx.db.deleteFrom("push_subscriptions").where("user_id", "=", userA).execute();
    push.status = 410;
    const endpoint = `${push.url.replace("http:", "https:")}/push/old-row`;
    await storedBefore(endpoint);
    await storedBefore(`${push.url}/push/old-http-row`);
    const out = await send();
    expect(out).toEqual({ sent: 0, removed: 0, failed: 2 });
    expect(push.deliveries).toHaveLength(0);
    expect(await rows(endpoint)).toHaveLength(1);
  });

  it("a redirect is never followed, even where private addresses are allowed: a 3xx is a failure, not a removal", async () => {
    await srv.ctx.db.deleteFrom("push_subscriptions").where("user_id", "=", userA).execute();
    const config = srv.ctx.config;
    srv.ctx.config = { ...config, OUTBOUND_ALLOW_PRIVATE: true };
    try {
      const endpoint = `${push.url}/push/redirecting`;
      await storedBefore(endpoint);
      push.status = 302;
      push.location = `http://127.0.0.1:${(inner.address() as AddressInfo).port}/inside`;
      const out = await send();
      expect(out).toEqual({ sent: 0, removed: 0, failed: 1 });
      expect(push.deliveries).toHaveLength(1);
      expect(innerHits).toBe(0);
      expect(await rows(endpoint)).toHaveLength(1);
    } finally {
      srv.ctx.config = config;
    }
  });
});
