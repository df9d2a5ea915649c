import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDeliveries } from "../../server/modules/webhooks";
import { createTestOrg, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { FormClient, signedInClient, startTestServer, type TestServer } from "../support/server";
import { startWebhookReceiver } from "../support/webhook-receiver";

/** The webhook pages without JavaScript: plain form posts with the CSRF token, answers read as HTML. */
let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let admin: FormClient;

/** A public address written as an IP literal: saved without a DNS look-up (no workers run: nothing is sent). */
const PUBLIC = "https://93.184.216.30/in";

const form = (url: string, events: string[] = ["alert.created"], active = true) => ({
  intent: "save",
  url,
  description: "",
  events,
  ...(active ? { active: "on" } : {}),
});
const secretIn = (html: string) => /whsec_[0-9a-f]{48}/.exec(html)?.[0] ?? null;

beforeAll(async () => {
  srv = await startTestServer();
  [org, other] = await Promise.all([createTestOrg(srv.ctx), createTestOrg(srv.ctx)]);
  admin = await signedInClient(srv, org.adminEmail, org.adminPassword);
  admin.cookies.set("lng", "en");
});
afterAll(async () => srv?.close());

async function addThroughForm(client: FormClient, url: string) {
  const res = await client.post("/configuration/webhooks/add", form(url));
  expect(res.status).toBe(200);
  const html = await res.text();
  const id = /\/configuration\/webhooks\/update\/([0-9a-f-]{36})/.exec(html)?.[1];
  expect(id).toBeDefined();
  return { id: id!, html };
}

describe("the webhook pages without JavaScript", () => {
  it("render the list and the form in Albanian (the default) and English", async () => {
    admin.cookies.set("lng", "al");
    const al = await admin.get("/configuration/webhooks");
    expect(al.status).toBe(200);
    const alHtml = await al.text();
    expect(alHtml).toContain("Shto webhook");
    expect(alHtml).toContain("Ende nuk ka webhooks");
    const alForm = await (await admin.get("/configuration/webhooks/add")).text();
    expect(alForm).toContain("Ngjarjet");
    expect(alForm).toContain("Alarm i ri");
    admin.cookies.set("lng", "en");
    const en = await (await admin.get("/configuration/webhooks")).text();
    expect(en).toContain("Add webhook");
    expect(en).toContain("No webhooks yet.");
    const enForm = await (await admin.get("/configuration/webhooks/add")).text();
    expect(enForm).toContain("data-unsaved-guard");
    expect(enForm).toContain('type="checkbox" id="event-alert.created" name="events" value="alert.created"');
    expect(enForm).toContain("Alert raised");
    // the configuration menu lists the section for the administrator
    expect(await (await admin.get("/configuration/list")).text()).toContain('href="/configuration/webhooks"');
  });

  it("refuses a private address and no events with translated messages, keeping what was typed", async () => {
    const refused = await admin.post("/configuration/webhooks/add", form("http://192.168.0.10/in"));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Webhooks go to public addresses only; this address is private or local.");
    expect(html).toContain('value="http://192.168.0.10/in"');
    expect(secretIn(html)).toBeNull();

    admin.cookies.set("lng", "al");
    const al = await admin.post("/configuration/webhooks/add", form("http://127.0.0.1:9000/in"));
    expect(al.status).toBe(400);
    expect(await al.text()).toContain(
      "Webhooks dërgohen vetëm në adresa publike; kjo adresë është private ose lokale.",
    );
    admin.cookies.set("lng", "en");

    const none = await admin.post("/configuration/webhooks/add", form(PUBLIC, []));
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose at least one event.");
    expect(await (await admin.get("/configuration/webhooks")).text()).toContain("No webhooks yet.");
  });

  it("adds a webhook showing its secret once; changes, rotates (shown once), sends a test event and deletes", async () => {
    const { id, html } = await addThroughForm(admin, PUBLIC);
    const secret = secretIn(html);
    expect(secret).not.toBeNull();
    expect(html).toContain("The webhook has been added.");

    const editPath = `/configuration/webhooks/update/${id}`;
    const edit = await (await admin.get(editPath)).text();
    expect(edit).toContain(`value="${PUBLIC}"`);
    expect(edit).toContain("data-unsaved-guard");
    expect(secretIn(edit)).toBeNull();
    const list = await (await admin.get("/configuration/webhooks")).text();
    expect(list).toContain(PUBLIC);
    expect(list).toContain("Not yet");
    expect(secretIn(list)).toBeNull();

    const saved = await admin.post(editPath, form("https://93.184.216.31/other", ["order.status.changed"], false));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`${editPath}?saved=1`);
    const after = await (await admin.get(`${editPath}?saved=1`)).text();
    expect(after).toContain('value="https://93.184.216.31/other"');
    expect(after).toContain('name="events" checked="" value="order.status.changed"');
    expect(after).toContain('name="events" value="alert.created"');
    expect(after).toContain('<input type="checkbox" id="active" name="active"/>');

    const rotated = await admin.post(editPath, { intent: "rotate" });
    expect(rotated.status).toBe(200);
    const rotatedHtml = await rotated.text();
    const fresh = secretIn(rotatedHtml);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(secret);
    expect(rotatedHtml).toContain("A new secret has been made");
    expect(secretIn(await (await admin.get(editPath)).text())).toBeNull();

    const test = await admin.post(editPath, { intent: "test" });
    expect(test.status).toBe(302);
    expect(test.headers.get("location")).toBe(`/configuration/webhooks/deliveries/${id}?tested=1`);
    const log = await (await admin.get(test.headers.get("location")!)).text();
    expect(log).toContain("A test event is on its way");
    expect(log).toContain("webhook.test");
    expect(log).toContain('data-status="pending"');

    const confirm = await (await admin.get(`${editPath}?delete=1`)).text();
    expect(confirm).toContain("Delete this webhook and its delivery log?");
    const removed = await admin.post(editPath, { intent: "delete" });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe("/configuration/webhooks?deleted=1");
    expect((await admin.get(editPath)).status).toBe(404);
  });

  it("is for administrators only; another organisation's webhook is not found", async () => {
    const { id } = await addThroughForm(admin, "https://93.184.216.32/in");
    const manager = await createUser(srv.ctx, { org, role: "fleet_manager" });
    const m = await signedInClient(srv, manager.email!, manager.password);
    for (const path of [
      "/configuration/webhooks",
      "/configuration/webhooks/add",
      `/configuration/webhooks/update/${id}`,
      `/configuration/webhooks/deliveries/${id}`,
    ])
      expect((await m.get(path)).status, path).toBe(403);
    expect(await (await m.get("/configuration/list")).text()).not.toContain('href="/configuration/webhooks"');

    const b = await signedInClient(srv, other.adminEmail, other.adminPassword);
    expect((await b.get(`/configuration/webhooks/update/${id}`)).status).toBe(404);
    expect((await b.get(`/configuration/webhooks/deliveries/${id}`)).status).toBe(404);
    const list = await (await b.get("/configuration/webhooks")).text();
    expect(list).not.toContain("93.184.216.32");
    const csrf = /name="_csrf" value="([^"]+)"/.exec(list)?.[1] ?? null;
    for (const intent of ["rotate", "test", "delete"])
      expect((await b.post(`/configuration/webhooks/update/${id}`, { intent }, { csrf })).status, intent).toBe(404);
    expect((await admin.get(`/configuration/webhooks/update/${id}`)).status).toBe(200);
  });
});

describe("the delivery log page (loopback receiver)", () => {
  let priv: TestServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let client: FormClient;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    priv = await startTestServer({ config: { OUTBOUND_ALLOW_PRIVATE: "true" } });
    const o = await createTestOrg(priv.ctx);
    client = await signedInClient(priv, o.adminEmail, o.adminPassword);
    client.cookies.set("lng", "en");
  });
  afterAll(async () => {
    await priv?.close();
    await receiver?.close();
  });

  it("shows a failed then retried delivery, and the redeliver button sends it again", async () => {
    const { id } = await addThroughForm(client, receiver.url("/log"));
    const logPath = `/configuration/webhooks/deliveries/${id}`;
    expect(await (await client.get(logPath)).text()).toContain("Nothing delivered yet.");
    expect((await client.post(`/configuration/webhooks/update/${id}`, { intent: "test" })).status).toBe(302);

    receiver.answers.push(500);
    expect(await runDeliveries(priv.ctx, id)).toMatchObject({ delivered: 0, failed: 1 });
    const failed = await (await client.get(logPath)).text();
    const deliveryId = /data-delivery="([0-9a-f-]{36})"/.exec(failed)?.[1];
    expect(deliveryId).toBeDefined();
    expect(failed).toContain('data-status="pending"');
    expect(failed).toContain("HTTP 500");
    expect(failed).toMatch(/data-testid="answer">500/);
    expect(failed).toMatch(/<td>1<\/td>/);
    const listed = await (await client.get("/configuration/webhooks")).text();
    expect(listed).toMatch(/Pending(<!-- -->)? \(500\)/);
    expect(listed).toContain("Failing since");

    // the retry, once due (the back-off's first step is 30 s)
    expect(await runDeliveries(priv.ctx, id, { now: () => new Date(Date.now() + 31_000) })).toMatchObject({
      delivered: 1,
    });
    const retried = await (await client.get(logPath)).text();
    expect(retried).toContain('data-status="delivered"');
    expect(retried).toMatch(/data-testid="answer">200/);
    expect(retried).toMatch(/<td>2<\/td>/);
    expect(retried).toContain("Delivered");

    const again = await client.post(logPath, { intent: "redeliver", delivery: deliveryId! });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`${logPath}?redelivered=1`);
    expect(await (await client.get(`${logPath}?redelivered=1`)).text()).toContain("The delivery is queued again.");
    expect(await runDeliveries(priv.ctx, id)).toMatchObject({ delivered: 1 });
    expect(receiver.received.map((r) => [r.path, r.headers["x-flota-delivery"]])).toEqual([
      ["/log", deliveryId],
      ["/log", deliveryId],
      ["/log", deliveryId],
    ]);
    // a delivery id that is not this webhook's: not found
    const missing = await client.post(logPath, {
      intent: "redeliver",
      delivery: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(404);
  });
});
