import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiLogin } from "../support/api-auth";
import { createTestOrg, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { addUser } from "./helpers";

let srv: TestServer;
let org: TestOrg;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
});
afterAll(async () => srv?.close());

const lastLogin = async (userId: string) =>
  (await srv.ctx.db.selectFrom("users").select("last_login_at").where("id", "=", userId).executeTakeFirstOrThrow())
    .last_login_at;

describe("the last login", () => {
  it("is set by the sign-in form and by the API's login", async () => {
    const web = await addUser(srv.ctx, org, { prefix: "web-login" });
    const api = await addUser(srv.ctx, org, { prefix: "api-login" });
    expect(await lastLogin(web.id)).toBeNull();
    expect(await lastLogin(api.id)).toBeNull();
    const started = Date.now() - 1000;

    const form = await new FormClient(srv.url).post("/login", { email: web.email, password: web.password });
    expect(form.status).toBe(302);
    expect(new Date((await lastLogin(web.id))!).getTime()).toBeGreaterThanOrEqual(started);

    const res = await apiLogin(srv, api.email, api.password, { webLogin: true });
    expect(res.status).toBe(200);
    expect(new Date((await lastLogin(api.id))!).getTime()).toBeGreaterThanOrEqual(started);
  });

  it("is not set by a failed sign-in", async () => {
    const user = await addUser(srv.ctx, org, { prefix: "failed-login" });
    const form = await new FormClient(srv.url).post("/login", { email: user.email, password: "wrong-password" });
    expect(form.status).toBe(401);
    expect(await lastLogin(user.id)).toBeNull();
  });

  it("is not set by a support session in the administrator's name", async () => {
    const operator = await createTestOrg(srv.ctx, { operator: true });
    const op = new FormClient(srv.url);
    await op.login(operator.adminEmail, operator.adminPassword);
    const start = await op.post(`/administration/organizations/${org.orgId}`, { intent: "support" });
    expect(start.status).toBe(302);
    expect(await lastLogin(org.adminId)).toBeNull();
    expect(await lastLogin(operator.adminId)).not.toBeNull();
  });
});
