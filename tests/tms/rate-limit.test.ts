import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tmsIntegrationRoutes } from "../../server/http/api/tms-integrations.routes";
import { createApiKey, takeKeyRequest } from "../../server/modules/tms/api-keys.service";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";

let ctxA: TestContext;
let ctxB: TestContext;
let org: TestOrg;
const servers: Array<{ close(): void }> = [];

/** A web process of its own: its own pool and its own integration router, limited to `limit` requests a minute. */
async function webProcess(ctx: TestContext, limit: number): Promise<string> {
  const app = express().use(express.json()).use(tmsIntegrationRoutes(ctx, { limit }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  ctxA = createTestContext();
  ctxB = createTestContext();
  org = await createTestOrg(ctxA);
});
afterAll(async () => {
  for (const s of servers) s.close();
  await ctxA?.close();
  await ctxB?.close();
});

describe("integration API rate limit (real PostgreSQL)", () => {
  it("is shared by every web process: five a minute across two processes, then 429 with Retry-After", async () => {
    const p = await principalFor(ctxA, org.adminId);
    const { key } = await createApiKey(ctxA, p, { name: "Shared" });
    const { key: other } = await createApiKey(ctxA, p, { name: "Other" });
    const [a, b] = await Promise.all([webProcess(ctxA, 5), webProcess(ctxB, 5)]);
    const get = (base: string, k: string) =>
      fetch(`${base}/api/integrations/orders/none`, { headers: { "x-api-key": k } });
    const statuses: number[] = [];
    for (const base of [a, b, a, b, a]) statuses.push((await get(base, key)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
    const refused = await get(b, key);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    expect((await get(a, other)).status).toBe(404);
  });

  it("slides: the previous minute counts by the share of it still within the last 60 s; older minutes are deleted", async () => {
    const p = await principalFor(ctxA, org.adminId);
    const { id } = await createApiKey(ctxA, p, { name: "Sliding" });
    const key = { orgId: org.orgId, keyId: id };
    const at = (iso: string) => new Date(`2026-11-25T${iso}Z`);
    for (let i = 0; i < 10; i++) expect((await takeKeyRequest(ctxA, key, 10, at("12:00:50"))).allowed).toBe(true);
    expect((await takeKeyRequest(ctxA, key, 10, at("12:00:55"))).allowed).toBe(false);
    // 15 s into the next minute, 45 s of the previous one remain: 11 × 0.75 = 8.25 plus this minute's requests
    const next = [];
    for (let i = 0; i < 3; i++) next.push((await takeKeyRequest(ctxA, key, 10, at("12:01:15"))).allowed);
    expect(next).toEqual([true, false, false]);
    // half-way through the minute after: 3 × 0.5 + 1
    const later = await takeKeyRequest(ctxA, key, 10, at("12:02:30"));
    expect(later).toMatchObject({ allowed: true, remaining: 7, retryAfterS: 30 });
    const rows = await ctxA.db
      .selectFrom("tms_api_key_usage")
      .select("window_start")
      .where("key_id", "=", id)
      .orderBy("window_start")
      .execute();
    expect(rows.map((r) => r.window_start.toISOString())).toEqual([
      "2026-11-25T12:01:00.000Z",
      "2026-11-25T12:02:00.000Z",
    ]);
  });
});
