import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg, uniqueEmail, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { addUser, postFrom } from "./helpers";

const PER_ACCOUNT = 3;
const PER_ADDRESS = 5;
let srv: TestServer;
let org: TestOrg;

beforeAll(async () => {
  srv = await startTestServer({
    config: {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
    },
  });
  org = await createTestOrg(srv.ctx);
});
afterAll(async () => srv?.close());

/** POST /api/auth/login from a given loopback address (the server sees it as the client address). */
async function apiLogin(from: string, email: string, password: string) {
  const res = await postFrom(from, `${srv.url}/api/auth/login`, {
    email,
    password,
    grant_type: "password",
    web_login: "true",
  });
  return { status: res.status, error: res.status === 200 ? null : (JSON.parse(res.body) as { error: string }).error };
}

describe("sign-in rate limiting", () => {
  it(`locks an account after ${PER_ACCOUNT} failures, even with the right password and from another address, while other accounts still sign in`, async () => {
    const victim = await addUser(srv.ctx, org, { prefix: "victim" });
    const other = await addUser(srv.ctx, org, { prefix: "other" });
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect(await apiLogin("127.0.0.2", victim.email, "wrong-password")).toEqual({
        status: 401,
        error: "INVALID_CREDENTIALS",
      });
    }
    expect(await apiLogin("127.0.0.2", victim.email, victim.password)).toEqual({ status: 429, error: "RATE_LIMITED" });
    expect(await apiLogin("127.0.0.3", victim.email, victim.password)).toEqual({ status: 429, error: "RATE_LIMITED" });

    const form = await new FormClient(srv.url).post("/login", { email: victim.email, password: victim.password });
    expect(form.status).toBe(429);
    expect(form.headers.getSetCookie().some((c) => c.startsWith("flota_session=") && !/Max-Age=0/i.test(c))).toBe(
      false,
    );

    expect((await apiLogin("127.0.0.3", other.email, other.password)).status).toBe(200);
  });

  it("does not count failures below the limit against a later right password", async () => {
    const user = await addUser(srv.ctx, org, { prefix: "careful" });
    for (let i = 0; i < PER_ACCOUNT - 1; i++)
      expect((await apiLogin("127.0.0.4", user.email, "wrong-password")).status).toBe(401);
    expect((await apiLogin("127.0.0.4", user.email, user.password)).status).toBe(200);
  });

  it(`blocks an address after ${PER_ADDRESS} failures across accounts, while other addresses still sign in`, async () => {
    const user = await addUser(srv.ctx, org, { prefix: "shared-office" });
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await apiLogin("127.0.0.5", uniqueEmail("guess"), "wrong-password")).status).toBe(401);
    expect(await apiLogin("127.0.0.5", user.email, user.password)).toEqual({ status: 429, error: "RATE_LIMITED" });
    expect((await apiLogin("127.0.0.6", user.email, user.password)).status).toBe(200);
  });
});
