import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { bearerHeaders } from "../support/api-auth";
import { FormClient, signedInClient, startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let auth: Record<string, string>;
let otherAuth: Record<string, string>;
let admin: FormClient;

/** Public addresses written as IP literals: saved without a DNS look-up (nothing is sent: no gateways run here). */
const PUBLIC = "https://203.0.113.10/positions";

const api = (path: string, headers: Record<string, string>, method = "GET", body?: unknown) =>
  fetch(`${srv.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

beforeAll(async () => {
  srv = await startTestServer();
  [org, other] = await Promise.all([createTestOrg(srv.ctx), createTestOrg(srv.ctx)]);
  auth = await bearerHeaders(srv, org.adminEmail, org.adminPassword, { webLogin: true });
  otherAuth = await bearerHeaders(srv, other.adminEmail, other.adminPassword, { webLogin: true });
  admin = await signedInClient(srv, org.adminEmail, org.adminPassword);
  admin.cookies.set("lng", "en");
});
afterAll(async () => srv?.close());

describe("/api/forwarding", () => {
  it("adds, lists, changes and removes targets; a secret left out is generated, then kept", async () => {
    const created = await api("/api/forwarding", auth, "POST", { name: "Warehouse", kind: "http", url: PUBLIC });
    expect(created.status).toBe(201);
    const target = await created.json();
    expect(target).toMatchObject({ name: "Warehouse", kind: "http", url: PUBLIC, active: true, sent_count: 0 });
    expect(target.secret).toMatch(/^[0-9a-f]{48}$/);
    expect(target.last_status).toBeNull();

    const mqtt = await api("/api/forwarding", auth, "POST", {
      name: "Broker",
      kind: "mqtt",
      url: "mqtts://user:pass@203.0.113.11:8883",
      topic: "fleet/positions",
      secret: "a-secret-of-my-own-choosing",
      active: false,
    });
    expect(mqtt.status).toBe(201);
    expect(await mqtt.json()).toMatchObject({ secret: "a-secret-of-my-own-choosing", active: false });

    const list = await (await api("/api/forwarding", auth)).json();
    expect(list.items.map((t: { name: string }) => t.name)).toEqual(["Broker", "Warehouse"]);

    const changed = await api(`/api/forwarding/${target.id}`, auth, "PUT", {
      name: "Warehouse 2",
      kind: "http",
      url: "https://203.0.113.12/in",
      active: false,
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ name: "Warehouse 2", secret: target.secret, active: false });

    expect((await api(`/api/forwarding/${target.id}`, auth, "DELETE")).status).toBeLessThan(300);
    expect((await api(`/api/forwarding/${target.id}`, auth)).status).toBe(404);
  });

  it("refuses private, loopback and link-local addresses (OUTBOUND_ALLOW_PRIVATE is off)", async () => {
    for (const url of [
      "http://127.0.0.1:8080/in",
      "http://10.1.2.3/in",
      "http://192.168.1.20/in",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/in",
      "http://[::ffff:127.0.0.1]/in",
      // IPv6 spellings of loopback the URL parser keeps as hex groups: IPv4-compatible and IPv4-translated
      "http://[::127.0.0.1]:8080/in",
      "http://[::ffff:0:127.0.0.1]:8080/in",
      "http://[2002:7f00:1::]/in",
      "mqtt://localhost:1883",
    ]) {
      const kind = url.startsWith("mqtt") ? "mqtt" : "http";
      const res = await api("/api/forwarding", auth, "POST", { name: `P ${url}`, kind, url, topic: "t" });
      expect(res.status, url).toBe(400);
      expect((await res.json()).error, url).toBe("OUTBOUND_URL_PRIVATE");
    }
  });

  it("checks the address against the kind, needs a topic for MQTT and a unique name", async () => {
    const wrongScheme = await api("/api/forwarding", auth, "POST", {
      name: "X",
      kind: "mqtt",
      url: PUBLIC,
      topic: "t",
    });
    expect(wrongScheme.status).toBe(400);
    expect((await wrongScheme.json()).error).toBe("VALIDATION");
    const noTopic = await api("/api/forwarding", auth, "POST", { name: "Y", kind: "mqtt", url: "mqtt://203.0.113.1" });
    expect((await noTopic.json()).error).toBe("VALIDATION");
    const wildcard = await api("/api/forwarding", auth, "POST", {
      name: "Z",
      kind: "mqtt",
      url: "mqtt://203.0.113.1",
      topic: "fleet/#",
    });
    expect((await wildcard.json()).error).toBe("VALIDATION");
    await api("/api/forwarding", auth, "POST", { name: "Same", kind: "http", url: PUBLIC });
    const taken = await api("/api/forwarding", auth, "POST", { name: "same", kind: "http", url: PUBLIC });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toBe("FORWARDING_NAME_TAKEN");
  });

  it("is for the organisation's administrators only, and never shows another organisation's targets", async () => {
    const manager = await createUser(srv.ctx, { org, role: "fleet_manager" });
    const managerAuth = await bearerHeaders(srv, manager.email!, manager.password, { webLogin: true });
    expect((await api("/api/forwarding", managerAuth)).status).toBe(403);
    expect((await api("/api/forwarding", managerAuth, "POST", { name: "M", kind: "http", url: PUBLIC })).status).toBe(
      403,
    );
    const mine = await (await api("/api/forwarding", auth, "POST", { name: "Mine", kind: "http", url: PUBLIC })).json();
    expect((await api(`/api/forwarding/${mine.id}`, otherAuth)).status).toBe(404);
    expect((await api(`/api/forwarding/${mine.id}`, otherAuth, "DELETE")).status).toBe(404);
    expect((await (await api("/api/forwarding", otherAuth)).json()).items).toEqual([]);
    const page = await (await signedInClient(srv, manager.email!, manager.password)).get("/configuration/forwarding");
    expect(page.status).toBe(403);
  });
});

describe("the forwarding page without JavaScript", () => {
  it("adds a target through the form, shows it in the list, and explains a refused address", async () => {
    const refused = await admin.post("/configuration/forwarding/add", {
      intent: "save",
      name: "Office",
      kind: "http",
      url: "http://192.168.0.10/in",
      topic: "",
      secret: "",
      active: "true",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("This address is in a private or local network");
    expect(html).toContain('value="http://192.168.0.10/in"');

    const ok = await admin.post("/configuration/forwarding/add", {
      intent: "save",
      name: "Office",
      kind: "http",
      url: "https://203.0.113.20/in",
      topic: "",
      secret: "",
      active: "true",
    });
    expect(ok.status).toBe(302);
    const location = ok.headers.get("location")!;
    expect(location).toMatch(/^\/configuration\/forwarding\/update\/[0-9a-f-]{36}\?created=1$/);
    const edit = await (await admin.get(location)).text();
    expect(edit).toContain("Forwarding target Office");
    expect(edit).toContain("Not yet");
    expect(edit).toContain("X-Flota-Signature");

    const list = await (await admin.get("/configuration/forwarding")).text();
    expect(list).toContain("Position forwarding");
    expect(list).toContain("https://203.0.113.20/in");

    admin.cookies.set("lng", "al");
    const al = await (await admin.get("/configuration/forwarding")).text();
    expect(al).toContain("Përcjellja e pozicioneve");
    expect(al).toContain("Shto destinacion");
    admin.cookies.set("lng", "en");

    const path = location.split("?")[0];
    const removed = await admin.post(path, { intent: "delete" });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe("/configuration/forwarding?deleted=1");
  });
});
