import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient } from "../../app/lib/api-client";
import { apiToken } from "../support/api-auth";
import { createTestOrg, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let token: string;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  token = await apiToken(srv, org.adminEmail, org.adminPassword, { webLogin: true });
});
afterAll(async () => srv?.close());

describe("browser API client (spec section 8)", () => {
  const client = (bearer: string) => {
    const notify = vi.fn();
    const goToLogin = vi.fn();
    const api = createApiClient({
      csrfToken: "x",
      notify,
      goToLogin,
      baseUrl: srv.url,
      headers: { authorization: `Bearer ${bearer}` },
    });
    return { api, notify, goToLogin };
  };

  it("shows a 409 as an error notification titled with the error field, with the message and the status", async () => {
    const { api, notify, goToLogin } = client(token);
    await api.post("/api/teams", { name: "Dispatch" });
    await expect(api.post("/api/teams", { name: "dispatch" })).rejects.toBeInstanceOf(ApiError);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith({
      kind: "error",
      title: "TEAM_NAME_TAKEN",
      body: "A team with this name exists",
      status: 409,
    });
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it("goes to login on 401", async () => {
    const { api, notify, goToLogin } = client("expired-token");
    await expect(api.get("/api/vehicles")).rejects.toMatchObject({ status: 401 });
    expect(goToLogin).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it("passes other failures to the caller without a notification", async () => {
    const { api, notify, goToLogin } = client(token);
    await expect(api.get("/api/vehicles/00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      status: 404,
      body: { error: "NOT_FOUND" },
    });
    expect(notify).not.toHaveBeenCalled();
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it("reads an error carried by a blob answer as JSON", async () => {
    const { api } = client(token);
    await expect(
      api.blob("/api/vehicles/00000000-0000-4000-8000-000000000000/images/00000000-0000-4000-8000-000000000001"),
    ).rejects.toMatchObject({ status: 404, body: { error: "NOT_FOUND" } });
  });
});
