import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formAction, intent } from "../../app/lib/forms.server";
import type { LoadContext } from "../../app/lib/route-kit.server";
import { toErrorBody } from "../../server/error-body";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { signedInClient, startTestServer, type FormClient, type TestServer } from "../support/server";

/**
 * Issue 51, item 4: PostgreSQL cannot store the NUL character (U+0000) in a text, so a NUL anywhere a request's text
 * may reach the database is refused with a 400 naming the field (server/http/request-text.ts), never a 500: the
 * query, path and body of /api (JSON, urlencoded, multipart), and the URL, route parameters and form fields of the
 * pages (server/http/page-guard.ts). A NUL that still reaches PostgreSQL (a file's content) is a 400 as well.
 */
let srv: TestServer;
let org: TestOrg;
let token: string;
let web: FormClient;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${srv.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof init.body === "string" ? { "content-type": "application/json" } : {}),
      ...(init.headers ?? {}),
    },
  });

async function refusal(res: Response) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: string; fields?: Record<string, string[]> };
  expect(body.error).toBe("VALIDATION");
  return body.fields ?? {};
}

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  token = (await principalFor(srv.ctx, org.adminId)).token;
  web = await signedInClient(srv, org.adminEmail, org.adminPassword);
});
afterAll(async () => srv?.close());

describe("a NUL in an /api request", () => {
  it("in the header search's q is a 400 naming q", async () => {
    expect(Object.keys(await refusal(await api("/api/search?q=a%00b")))).toEqual(["q"]);
  });

  it("in the q (or any other query parameter) of every list is a 400 naming it", async () => {
    for (const list of [
      "/api/vehicles",
      "/api/teams",
      "/api/places/pois",
      "/api/places/geofences",
      "/api/alerts",
      "/api/alerts/policies",
      "/api/audit-log",
      "/api/tms/orders",
      "/api/maintenance/reminders",
      "/api/car-sharing/bookings",
    ]) {
      const fields = await refusal(await api(`${list}?q=a%00b`));
      expect(Object.keys(fields), list).toEqual(["q"]);
    }
    expect(Object.keys(await refusal(await api("/api/vehicles?sort=name%00")))).toEqual(["sort"]);
  });

  it("in a JSON body's text is a 400 naming the field, nested ones by their path", async () => {
    const webhook = await api("/api/webhooks", {
      method: "POST",
      body: JSON.stringify({ url: "https://93.184.216.34/hook", description: "a\u0000b", events: ["alert.created"] }),
    });
    expect(await refusal(webhook)).toEqual({ description: [expect.any(String)] });
    const forwarding = await api("/api/forwarding", {
      method: "POST",
      body: JSON.stringify({ name: "Relay\u0000", kind: "http", url: "https://93.184.216.34/in" }),
    });
    expect(Object.keys(await refusal(forwarding))).toEqual(["name"]);
    const nested = await api("/api/webhooks", {
      method: "POST",
      body: JSON.stringify({ url: "https://93.184.216.34/hook", events: ["alert.created", "x\u0000"] }),
    });
    expect(Object.keys(await refusal(nested))).toEqual(["events.1"]);
    // nothing was stored
    const list = (await (await api("/api/webhooks")).json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
  });

  it("in an urlencoded or multipart body (the sign-in) is a 400 naming the field", async () => {
    const urlencoded = await fetch(`${srv.url}/api/auth/login`, {
      method: "POST",
      body: new URLSearchParams({ email: "a\u0000@example.com", password: "x", grant_type: "password" }),
    });
    expect(Object.keys(await refusal(urlencoded))).toEqual(["email"]);
    const multipart = new FormData();
    multipart.set("email", org.adminEmail);
    multipart.set("password", "pass\u0000word");
    multipart.set("grant_type", "password");
    const res = await fetch(`${srv.url}/api/auth/login`, { method: "POST", body: multipart });
    expect(Object.keys(await refusal(res))).toEqual(["password"]);
  });

  it("in a path parameter is a 400 naming the path", async () => {
    expect(Object.keys(await refusal(await api("/api/fleet/vehicles/a%00b")))).toEqual(["path"]);
    expect(Object.keys(await refusal(await api("/api/analytics/reports/trips%00")))).toEqual(["path"]);
  });

  it("that reaches PostgreSQL anyway (a file's content) is answered 400, not 500", async () => {
    const err = await sql`SELECT ${"a\u0000b"}::text AS t`.execute(srv.ctx.db).catch((e: unknown) => e);
    expect(toErrorBody(err)).toMatchObject({ error: "VALIDATION", status: 400 });
    const json = await sql`SELECT ${JSON.stringify({ a: "\u0000" })}::jsonb ->> 'a' AS t`
      .execute(srv.ctx.db)
      .catch((e: unknown) => e);
    expect(toErrorBody(json)).toMatchObject({ error: "VALIDATION", status: 400 });
    // a page's form action whose service meets it answers a form failure, not the 500 page
    const request = new Request("http://flota.test/form", {
      method: "POST",
      body: new URLSearchParams({ _csrf: "c" }),
    });
    const answer = (await formAction(
      { request, context: { csrfToken: "c" } as LoadContext },
      {
        save: intent({ run: () => Promise.reject(err) }),
      },
    )) as unknown as { data: { code: string }; init: { status: number } };
    expect([answer.init.status, answer.data.code]).toEqual([400, "VALIDATION"]);
  });
});

describe("a NUL in a page request", () => {
  it("in a list's search is a 400 page that names the field, in the user's language", async () => {
    const res = await web.get("/configuration/vehicles/list?q=a%00b");
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("NUL character");
    expect(html).toContain("<code>q</code>");
  });

  it("in a route parameter is a 400 naming it", async () => {
    const res = await web.get("/analytics/reports/trips%00");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("<code>type</code>");
  });

  it("in a form field (urlencoded or multipart) is a 400 naming the field; nothing is stored", async () => {
    const urlencoded = await web.post("/configuration/webhooks/add", {
      url: "https://93.184.216.34/hook",
      description: "a\u0000b",
      events: "alert.created",
      active: "on",
    });
    expect(urlencoded.status).toBe(400);
    expect(await urlencoded.text()).toContain("<code>description</code>");
    const form = new FormData();
    form.set("url", "https://93.184.216.34/hook\u0000");
    form.set("events", "alert.created");
    const multipart = await web.post("/configuration/webhooks/add", form, { from: "/configuration/webhooks/add" });
    expect(multipart.status).toBe(400);
    expect(await multipart.text()).toContain("<code>url</code>");
    const list = (await (await api("/api/webhooks")).json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
  });

  it("through a fetcher (single fetch .data) is a 400 too", async () => {
    const res = await web.get("/configuration/vehicles/list.data?q=a%00b");
    expect(res.status).toBe(400);
  });

  it("leaves texts without NUL alone", async () => {
    expect((await web.get("/configuration/vehicles/list?q=ab")).status).toBe(200);
    expect((await api("/api/search?q=ab")).status).toBe(200);
  });
});
