import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg, type TestOrg } from "../support/context";
import { createTruck, createUser } from "../support/factories";
import { signedInClient, startTestServer, type FormClient, type TestServer } from "../support/server";

/**
 * Issue 51, item 5: a page action reads a form (urlencoded or multipart); any other body is refused where every page
 * action reads its form (server/http/page-guard.ts): a content type that is not a form is 415, a form that cannot be
 * read (a multipart body whose boundary is not the one announced) is 400, each with its code and a translated page
 * (JSON for /driver/queue, the phone's queue, which sends multipart forms and keeps working).
 */
let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
let phone: FormClient;
let adminCsrf: string;
let phoneCsrf: string;

const csrfOf = async (client: FormClient, page: string) =>
  /name="_csrf" value="([^"]+)"/.exec(await (await client.get(page)).text())![1];

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  const driver = await createUser(srv.ctx, { org, role: "driver", driver: true, language: "en" });
  await createTruck(srv.ctx, org, { driver: driver.id, registration: "TR 651 AA" });
  admin = await signedInClient(srv, org.adminEmail, org.adminPassword);
  phone = await signedInClient(srv, driver.email!, driver.password);
  adminCsrf = await csrfOf(admin, "/configuration/webhooks/add");
  phoneCsrf = await csrfOf(phone, "/driver/check");
});
afterAll(async () => srv?.close());

/** Posts a raw body with the client's cookies, as a careless client (or an attacker) would. */
async function raw(client: FormClient, path: string, body: string, contentType: string | null) {
  const headers: Record<string, string> = {
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
  };
  if (contentType) headers["content-type"] = contentType;
  return fetch(srv.url + path, { method: "POST", body, headers, redirect: "manual" });
}

const json = (csrf: string) => JSON.stringify({ _csrf: csrf, intent: "day-start" });
const wrongBoundary = (csrf: string) =>
  [
    "--real-boundary",
    'Content-Disposition: form-data; name="_csrf"',
    "",
    csrf,
    "--real-boundary",
    'Content-Disposition: form-data; name="intent"',
    "",
    "day-start",
    "--real-boundary--",
    "",
  ].join("\r\n");

describe("/driver/queue (the phone's queue, answered in JSON)", () => {
  it("refuses JSON and malformed JSON with 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    for (const body of [json(phoneCsrf), "{not json"]) {
      const res = await raw(phone, "/driver/queue", body, "application/json");
      expect(res.status, body).toBe(415);
      expect(await res.json()).toMatchObject({ error: "UNSUPPORTED_MEDIA_TYPE", status: 415 });
    }
  });

  it("refuses a multipart body with the wrong boundary, or none, with 400 BODY_UNREADABLE", async () => {
    for (const type of ["multipart/form-data; boundary=other-boundary", "multipart/form-data"]) {
      const res = await raw(phone, "/driver/queue", wrongBoundary(phoneCsrf), type);
      expect(res.status, type).toBe(400);
      expect(await res.json()).toMatchObject({ error: "BODY_UNREADABLE", status: 400 });
    }
  });

  it("refuses a body without a content type with 415", async () => {
    const res = await raw(phone, "/driver/queue", "intent=day-start", null);
    expect(res.status).toBe(415);
  });

  it("still takes what the phone sends: a multipart form", async () => {
    const form = new FormData();
    form.set("intent", "day-start");
    const res = await phone.post("/driver/queue", form, { csrf: phoneCsrf });
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { result?: unknown }).result).toBeDefined();
  });
});

describe("page actions", () => {
  it("answer a JSON body with a 415 page in the user's language", async () => {
    for (const [client, path, csrf] of [
      [phone, "/driver/check", phoneCsrf],
      [admin, "/configuration/webhooks/add", adminCsrf],
    ] as const) {
      const res = await raw(client, path, json(csrf), "application/json");
      expect(res.status, path).toBe(415);
      expect(res.headers.get("content-type"), path).toMatch(/text\/html/);
      expect(await res.text(), path).toContain("This page accepts forms only");
    }
  });

  it("answer malformed JSON, plain text or a body without a type with 415", async () => {
    for (const [body, type] of [
      ["{not json", "application/json"],
      ["url=https://example.com", "text/plain"],
      ["url=https://example.com", null],
    ] as const) {
      const res = await raw(admin, "/configuration/webhooks/add", body, type);
      expect(res.status, String(type)).toBe(415);
    }
  });

  it("answer a multipart body with the wrong boundary with a 400 page that says the form could not be read", async () => {
    for (const [client, path, csrf] of [
      [phone, "/driver/check", phoneCsrf],
      [admin, "/configuration/webhooks/add", adminCsrf],
    ] as const) {
      const res = await raw(client, path, wrongBoundary(csrf), "multipart/form-data; boundary=other-boundary");
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toContain("The form could not be read");
    }
  });

  it("answer the same through a fetcher's single-fetch request (.data)", async () => {
    const type = await raw(admin, "/configuration/webhooks/add.data", json(adminCsrf), "application/json");
    expect(type.status).toBe(415);
    const unreadable = await raw(
      admin,
      "/configuration/webhooks/add.data",
      wrongBoundary(adminCsrf),
      "multipart/form-data; boundary=x",
    );
    expect(unreadable.status).toBe(400);
  });

  it("still take urlencoded forms", async () => {
    const res = await admin.post("/configuration/webhooks/add", {
      url: "https://93.184.216.34/hook",
      events: "alert.created",
      active: "on",
    });
    expect(res.status).toBeLessThan(400);
  });
});

describe("/api multipart bodies", () => {
  it("that cannot be read are 400 VALIDATION, as unparsable JSON is", async () => {
    const res = await raw(admin, "/api/auth/login", wrongBoundary(adminCsrf), "multipart/form-data; boundary=x");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "VALIDATION", status: 400 });
  });
});
