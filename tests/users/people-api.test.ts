import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerHeaders } from "../support/api-auth";
import { createTestOrg, uniqueEmail, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let auth: Record<string, string>;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx, { demo: true });
  auth = await bearerHeaders(srv, org.adminEmail, org.adminPassword, { webLogin: true });
});
afterAll(async () => srv?.close());

/** A driver who also signs in: web only, limited to one vehicle, in English, switched off. */
async function signInDriver() {
  const vehicle = await srv.ctx.db
    .selectFrom("vehicles")
    .select("id")
    .where("org_id", "=", org.orgId)
    .orderBy("registration")
    .executeTakeFirstOrThrow();
  const res = await fetch(`${srv.url}/api/users`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({
      first_name: "Sokol",
      last_name: "Hoxha",
      email: uniqueEmail("sokol"),
      password: "sokol-pass-1",
      role_id: org.roles.driver,
      is_driver: true,
      web_only: true,
      vehicle_access: "selected",
      vehicle_ids: [vehicle.id],
      default_language: "en",
      active: false,
    }),
  });
  expect(res.status).toBe(201);
  const person = await res.json();
  return { id: person.id as string, vehicleId: vehicle.id };
}

const SIGN_IN_FIELDS = ["web_only", "vehicle_access", "vehicle_ids", "default_language", "active"] as const;

describe("drivers API and drivers screen agree", () => {
  it("PUT /api/drivers/:id with the drivers screen's fields only keeps the sign-in settings, as the drivers screen does", async () => {
    const { id, vehicleId } = await signInDriver();
    const res = await fetch(`${srv.url}/api/drivers/${id}`, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({
        first_name: "Sokol",
        last_name: "Hoxhaj",
        role_id: org.roles.driver,
        is_driver: true,
        personal_number: "API12345",
      }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ last_name: "Hoxhaj", personal_number: "API12345" });
    expect(Object.fromEntries(SIGN_IN_FIELDS.map((f) => [f, body[f]]))).toEqual({
      web_only: true,
      vehicle_access: "selected",
      vehicle_ids: [vehicleId],
      default_language: "en",
      active: false,
    });
  });

  it("the drivers screen's form keeps them too, and the users API still changes them", async () => {
    const { id } = await signInDriver();
    const admin = new FormClient(srv.url);
    await admin.login(org.adminEmail, org.adminPassword);
    const form = await admin.post(`/configuration/drivers/edit/${id}`, {
      first_name: "Sokol",
      last_name: "Form",
      role_id: org.roles.driver,
      is_driver: "on",
    });
    expect(form.status).toBe(302);
    const afterForm = await srv.ctx.db
      .selectFrom("users")
      .select(["last_name", "web_only", "active", "default_language"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(afterForm).toEqual({ last_name: "Form", web_only: true, active: false, default_language: "en" });

    const res = await fetch(`${srv.url}/api/users/${id}`, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({
        first_name: "Sokol",
        last_name: "Form",
        email: uniqueEmail("sokol2"),
        role_id: org.roles.driver,
        is_driver: true,
        active: true,
        default_language: "al",
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      web_only: false,
      vehicle_access: "all",
      vehicle_ids: [],
      default_language: "al",
      active: true,
    });
  });
});
