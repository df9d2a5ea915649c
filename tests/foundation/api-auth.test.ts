import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerHeaders } from "../support/api-auth";
import { createTestOrg, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx, { demo: true });
});
afterAll(async () => srv?.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("POST /api/auth/login (spec section 7)", () => {
  it("answers the session token, user with role options, permissions, teams and aye_token", async () => {
    const res = await fetch(`${srv.url}/api/auth/login`, {
      method: "POST",
      body: form({ email: org.adminEmail, password: org.adminPassword, grant_type: "password", web_login: "true" }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ token_type: "Bearer", scope: "web" });
    expect(typeof body.access_token).toBe("string");
    expect(body.expires_in).toBeGreaterThan(3600);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(body.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.user.id).toBe(org.adminId);
    expect(body.user.role.options.redirect_urls.login).toBe("/manage");
    expect(body.user.role.options.default_language).toBe("en");
    expect(body.permissions).toContain("vehicles:write");
    expect(body.teams).toHaveLength(3);
    expect(typeof body.aye_token).toBe("string");
    expect(body.aye_token).not.toBe(body.access_token);

    const details = await fetch(`${srv.url}/auth/details/admin`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(details.status).toBe(200);
    const d = await details.json();
    expect(d.user.id).toBe(org.adminId);
    expect(d.permissions).toEqual(body.permissions);
    expect(d.teams).toEqual(body.teams);
  });

  it("refuses a wrong password with 401 and the INVALID_CREDENTIALS code", async () => {
    const res = await fetch(`${srv.url}/api/auth/login`, {
      method: "POST",
      body: form({ email: org.adminEmail, password: "nope-nope", grant_type: "password", web_login: "true" }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("INVALID_CREDENTIALS");
  });

  it("requires grant_type=password", async () => {
    const res = await fetch(`${srv.url}/api/auth/login`, {
      method: "POST",
      body: form({ email: org.adminEmail, password: org.adminPassword, grant_type: "client_credentials" }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.grant_type).toBeDefined();
  });

  it("answers 400, not 500, to a malformed JSON body", async () => {
    const res = await fetch(`${srv.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{ not json",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("VALIDATION");
  });

  it("answers 401 to an API call without or with an unknown bearer token", async () => {
    expect((await fetch(`${srv.url}/api/vehicles`)).status).toBe(401);
    expect((await fetch(`${srv.url}/api/vehicles`, { headers: { authorization: "Bearer nope" } })).status).toBe(401);
  });

  it("ends the session on logout", async () => {
    const auth = await bearerHeaders(srv, org.adminEmail, org.adminPassword, { webLogin: true, json: false });
    expect((await fetch(`${srv.url}/api/vehicles`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${srv.url}/api/auth/logout`, { method: "POST", headers: auth })).status).toBe(204);
    expect((await fetch(`${srv.url}/api/vehicles`, { headers: auth })).status).toBe(401);
  });
});
