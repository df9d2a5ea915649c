import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiContractError, checkApiAnswer } from "../support/api-contract";
import { createTestOrg, principalFor } from "../support/context";
import { signedInClient, startTestServer, type TestServer } from "../support/server";

const url = (path: string) => new URL(`http://127.0.0.1:1${path}`);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });
const team = {
  id: "7d0c3a7e-4a55-4b8e-9d0a-0c2b8f1e9a11",
  name: "North",
  description: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

describe("answers are checked against /api/openapi.json", () => {
  it("accepts an answer that matches its route's schema", async () => {
    await checkApiAnswer("GET", url(`/api/teams/${team.id}`), json(200, team));
  });

  it("refuses a renamed, a missing, an added or a mistyped field", async () => {
    const { name, ...noName } = team;
    for (const body of [
      { ...noName, title: name },
      noName,
      { ...team, org_id: team.id },
      { ...team, created_at: "yesterday" },
    ])
      await expect(checkApiAnswer("GET", url(`/api/teams/${team.id}`), json(200, body))).rejects.toThrow(
        ApiContractError,
      );
  });

  it("refuses a status the route does not document, and an error code it does not list", async () => {
    await expect(checkApiAnswer("GET", url(`/api/teams/${team.id}`), json(202, team))).rejects.toThrow(
      /not documented/,
    );
    const error = { error: "VEHICLE_OVERLAP", message: "x", status: 409 };
    await expect(checkApiAnswer("DELETE", url(`/api/teams/${team.id}`), json(409, error))).rejects.toThrow(
      ApiContractError,
    );
    await checkApiAnswer("DELETE", url(`/api/teams/${team.id}`), json(409, { ...error, error: "TEAM_IN_USE" }));
  });

  it("refuses a route the document does not name, but lets the NOT_FOUND catch-all through", async () => {
    await expect(checkApiAnswer("GET", url("/api/nothing-here"), json(200, {}))).rejects.toThrow(/no such route/);
    await checkApiAnswer("GET", url("/api/nothing-here"), json(404, { error: "NOT_FOUND", message: "x", status: 404 }));
  });
});

describe("the test fetch checks every answer of a test server's /api", () => {
  let srv: TestServer;
  let token: string;
  let org: Awaited<ReturnType<typeof createTestOrg>>;
  beforeAll(async () => {
    srv = await startTestServer();
    org = await createTestOrg(srv.ctx);
    token = (await principalFor(srv.ctx, org.adminId)).token;
  });
  afterAll(async () => srv?.close());

  it("is installed for every test file (tests/setup/api-contract.ts)", async () => {
    expect((globalThis.fetch as { apiContract?: true }).apiContract).toBe(true);
    const res = await fetch(`${srv.url}/api/teams`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });

  it("the document itself and the reference page are served", async () => {
    const doc = await (await fetch(`${srv.url}/api/openapi.json`)).json();
    expect(doc.openapi).toBe("3.1.0");
    const en = await fetch(`${srv.url}/api/docs?lang=en`);
    expect(en.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await en.text();
    expect(html).toContain("Flota API reference");
    expect(html).toContain("/api/fleet/state");
    expect(html).not.toMatch(/<script/i);
    const al = await (await fetch(`${srv.url}/api/docs`, { headers: { cookie: "lng=al" } })).text();
    expect(al).toContain("Referenca e API-së së Flota");
    expect(al).toContain('lang="sq"');
  });

  it("Help links the reference and the JSON description", async () => {
    const client = await signedInClient(srv, org.adminEmail, org.adminPassword);
    const html = await (await client.get("/configuration/help")).text();
    expect(html).toContain('href="/api/docs"');
    expect(html).toContain('href="/api/openapi.json"');
  });
});
