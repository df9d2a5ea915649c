import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";
import { apiToken } from "../support/api-auth";

let srv: TestServer;
let org: TestOrg;
let token: string;

const api = (path: string, init: RequestInit = {}, t = token) =>
  fetch(`${srv.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${t}`,
      ...(typeof init.body === "string" ? { "content-type": "application/json" } : {}),
      ...(init.headers ?? {}),
    },
  });
const body = (v: unknown) => JSON.stringify(v);

beforeAll(async () => {
  // the installation's default: private addresses refused
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  token = await apiToken(srv, org.adminEmail, org.adminPassword);
});
afterAll(async () => srv?.close());

describe("/api/webhooks", () => {
  it("refuses a bad URL: another scheme, loopback, a private network, a name resolving to loopback", async () => {
    for (const [url, code] of [
      ["ftp://example.com/hook", "WEBHOOK_URL_INVALID"],
      ["http://127.0.0.1:8080/hook", "WEBHOOK_URL_PRIVATE"],
      ["http://localhost/hook", "WEBHOOK_URL_PRIVATE"],
      ["https://192.168.1.20/hook", "WEBHOOK_URL_PRIVATE"],
      ["http://169.254.169.254/latest/meta-data", "WEBHOOK_URL_PRIVATE"],
    ]) {
      const res = await api("/api/webhooks", { method: "POST", body: body({ url, events: ["alert.created"] }) });
      expect(res.status, url).toBe(400);
      expect((await res.json()).error, url).toBe(code);
    }
    const none = await api("/api/webhooks", {
      method: "POST",
      body: body({ url: "https://93.184.216.34/hook", events: [] }),
    });
    expect(none.status).toBe(400);
    expect((await api("/api/webhooks").then((r) => r.json())).items).toEqual([]);
  });

  it("creates (secret answered once), lists, changes, tests, redelivers and deletes a webhook", async () => {
    const created = await api("/api/webhooks", {
      method: "POST",
      body: body({
        url: "https://93.184.216.34/hook",
        description: "ERP",
        events: ["alert.created", "booking.created"],
      }),
    });
    expect(created.status).toBe(201);
    const w = await created.json();
    expect(w).toMatchObject({
      url: "https://93.184.216.34/hook",
      active: true,
      events: ["alert.created", "booking.created"],
    });
    expect(w.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const read = await (await api(`/api/webhooks/${w.id}`)).json();
    expect(read).not.toHaveProperty("secret");
    const list = await (await api("/api/webhooks")).json();
    expect(list.items.map((x: { id: string }) => x.id)).toEqual([w.id]);

    const changed = await api(`/api/webhooks/${w.id}`, {
      method: "PUT",
      body: body({ url: "https://93.184.216.34/other", events: ["order.status.changed"], active: false }),
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ url: "https://93.184.216.34/other", active: false });

    const rotated = await (await api(`/api/webhooks/${w.id}/secret`, { method: "POST" })).json();
    expect(rotated.secret).not.toBe(w.secret);

    const test = await api(`/api/webhooks/${w.id}/test`, { method: "POST" });
    expect(test.status).toBe(202);
    const { delivery_id } = await test.json();
    const log = await (await api(`/api/webhooks/${w.id}/deliveries`)).json();
    expect(log.items).toEqual([
      expect.objectContaining({ id: delivery_id, event_type: "webhook.test", status: "pending" }),
    ]);
    const again = await api(`/api/webhooks/${w.id}/deliveries/${delivery_id}/redeliver`, { method: "POST" });
    expect(again.status).toBe(202);

    expect((await api(`/api/webhooks/${w.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api(`/api/webhooks/${w.id}`)).status).toBe(404);
  });

  it("administrators only; another organisation's webhook is not found", async () => {
    const created = await (
      await api("/api/webhooks", {
        method: "POST",
        body: body({ url: "https://93.184.216.34/hook", events: ["alert.created"] }),
      })
    ).json();
    const manager = await createUser(srv.ctx, { org, role: "fleet_manager" });
    const managerToken = await apiToken(srv, manager.email!, manager.password);
    expect((await api("/api/webhooks", {}, managerToken)).status).toBe(403);
    const other = await createTestOrg(srv.ctx);
    const otherToken = await apiToken(srv, other.adminEmail, other.adminPassword);
    expect((await api(`/api/webhooks/${created.id}`, {}, otherToken)).status).toBe(404);
    expect((await (await api("/api/webhooks", {}, otherToken)).json()).items).toEqual([]);
  });
});
