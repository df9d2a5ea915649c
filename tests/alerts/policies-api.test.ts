import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import { createPolicy } from "../../server/modules/alerts/alerts.service";
import { policyInputSchema } from "../../server/modules/alerts/alerts.schema";
import { createGeofence } from "../../server/modules/places/places.service";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { startTestServer, type TestServer } from "../support/server";
import { apiToken } from "../support/api-auth";

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let token: string;
let viewerToken: string;
let vehicleIds: string[];
let geofenceId: string;
let otherPolicyId: string;

const api = (path: string, init: { method?: string; body?: unknown; as?: string } = {}) =>
  fetch(`${srv.url}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${init.as ?? token}`, "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

const base = () => ({
  name: "API speeding",
  alert_type: "speeding",
  vehicle_ids: vehicleIds.slice(0, 2),
  speed_limit_kmh: 80,
  days: [1, 2, 3, 4, 5],
  notify_in_app: true,
  recipient_ids: [org.adminId],
  notify_email: true,
  emails: ["ops@example.com"],
});

beforeAll(async () => {
  srv = await startTestServer();
  [org, other] = await Promise.all([createTestOrg(srv.ctx, { demo: true }), createTestOrg(srv.ctx)]);
  token = await apiToken(srv, org.adminEmail, org.adminPassword, { webLogin: true });
  viewerToken = await apiToken(srv, `viewer@${org.orgId.slice(0, 8)}.test.flota`, DEMO_PASSWORD, { webLogin: true });
  vehicleIds = (
    await srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.orgId)
      .orderBy("registration")
      .execute()
  ).map((v) => v.id);
  geofenceId = (
    await createGeofence(srv.ctx, await principalFor(srv.ctx, org.adminId), {
      name: "Depot",
      category: "Zone",
      shape: "circle",
      latitude: 41.3,
      longitude: 19.8,
      radius_m: 300,
    })
  ).id;
  const pb = await principalFor(srv.ctx, other.adminId);
  otherPolicyId = (
    await createPolicy(
      srv.ctx,
      pb,
      policyInputSchema.parse({
        name: "OTHERORG policy",
        alert_type: "ignition_off",
        all_vehicles: true,
        days: [0, 6],
        notify_in_app: true,
        recipient_ids: [other.adminId],
      }) as never,
    )
  ).id;
});
afterAll(async () => srv?.close());

describe("/api/alerts/policies", () => {
  let id: string;

  it("creates, reads, lists, updates, switches and deletes a policy", async () => {
    const created = await api("/api/alerts/policies", { method: "POST", body: base() });
    expect(created.status).toBe(201);
    const body = await created.json();
    id = body.id;
    expect(body).toMatchObject({
      name: "API speeding",
      alert_type: "speeding",
      speed_limit_kmh: 80,
      active: true,
      days: [1, 2, 3, 4, 5],
      emails: ["ops@example.com"],
      recipient_ids: [org.adminId],
    });
    expect([...body.vehicle_ids].sort()).toEqual(vehicleIds.slice(0, 2).sort());

    expect(await (await api(`/api/alerts/policies/${id}`)).json()).toMatchObject({ id, name: "API speeding" });

    const list = await (await api("/api/alerts/policies?q=api&sort=name&size=10")).json();
    expect(list).toMatchObject({ total: 1, page: 1, size: 10 });
    expect(list.items[0]).toMatchObject({ id, vehicle_count: 2, recipient_count: 1, last_alert_at: null });
    expect((await (await api("/api/alerts/policies?type=idling")).json()).total).toBe(0);
    expect((await (await api("/api/alerts/policies?type=speeding")).json()).total).toBe(1);

    const updated = await api(`/api/alerts/policies/${id}`, {
      method: "PUT",
      body: {
        ...base(),
        name: "API geofence",
        alert_type: "geofence_exit",
        geofence_ids: [geofenceId],
        speed_limit_kmh: 80,
        emails: "a@example.com, b@example.com",
      },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      name: "API geofence",
      alert_type: "geofence_exit",
      speed_limit_kmh: null,
      all_geofences: false,
      geofence_ids: [geofenceId],
      emails: ["a@example.com", "b@example.com"],
    });

    const off = await api(`/api/alerts/policies/${id}/active`, { method: "POST", body: { active: false } });
    expect(off.status).toBe(200);
    expect((await off.json()).active).toBe(false);
    // A PUT without `active` keeps the policy switched off.
    expect(
      (
        await (
          await api(`/api/alerts/policies/${id}`, { method: "PUT", body: { ...base(), name: "API speeding again" } })
        ).json()
      ).active,
    ).toBe(false);
    expect(
      (await (await api(`/api/alerts/policies/${id}/active`, { method: "POST", body: { active: true } })).json())
        .active,
    ).toBe(true);
    expect((await api(`/api/alerts/policies/${id}/active`, { method: "POST", body: { active: "maybe" } })).status).toBe(
      400,
    );

    expect((await api(`/api/alerts/policies/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api(`/api/alerts/policies/${id}`)).status).toBe(404);
    expect((await api(`/api/alerts/policies/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("answers 400 with the field errors and saves nothing", async () => {
    const res = await api("/api/alerts/policies", {
      method: "POST",
      body: { ...base(), name: "", speed_limit_kmh: null, notify_in_app: false, recipient_ids: [], emails: [] },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ error: "VALIDATION", status: 400 });
    expect(body.fields).toMatchObject({
      name: ["errors.required"],
      speed_limit_kmh: ["errors.required"],
      emails: ["alerts:errors.emailRequired"],
    });
    const fences = await (
      await api("/api/alerts/policies", {
        method: "POST",
        body: { ...base(), alert_type: "geofence_dwell", duration_min: 10 },
      })
    ).json();
    expect(fences.fields).toMatchObject({ geofence_ids: ["alerts:errors.geofencesRequired"] });
    const unknown = await api("/api/alerts/policies", {
      method: "POST",
      body: { ...base(), name: "Unknown vehicle", vehicle_ids: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect(unknown.status).toBe(400);
    const count = await srv.ctx.db.selectFrom("alert_policies").select("id").where("org_id", "=", org.orgId).execute();
    expect(count).toEqual([]);
  });

  it("answers 404 for another organisation's policy and leaves it unchanged", async () => {
    for (const [method, path, body] of [
      ["GET", `/api/alerts/policies/${otherPolicyId}`, undefined],
      ["PUT", `/api/alerts/policies/${otherPolicyId}`, base()],
      ["DELETE", `/api/alerts/policies/${otherPolicyId}`, undefined],
      ["POST", `/api/alerts/policies/${otherPolicyId}/active`, { active: false }],
    ] as const) {
      const res = await api(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.text()).not.toContain("OTHERORG");
    }
    expect(await (await api("/api/alerts/policies?q=otherorg")).json()).toMatchObject({ total: 0, items: [] });
    const row = await srv.ctx.db
      .selectFrom("alert_policies")
      .select(["name", "active"])
      .where("id", "=", otherPolicyId)
      .executeTakeFirst();
    expect(row).toEqual({ name: "OTHERORG policy", active: true });
  });

  it("lets a viewer read but not write, and needs a session", async () => {
    expect((await api("/api/alerts/policies", { as: viewerToken })).status).toBe(200);
    expect((await api("/api/alerts/policies", { method: "POST", body: base(), as: viewerToken })).status).toBe(403);
    expect((await fetch(`${srv.url}/api/alerts/policies`)).status).toBe(401);
  });
});
