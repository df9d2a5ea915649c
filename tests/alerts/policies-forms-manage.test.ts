import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import { FormClient } from "../support/server";
import { policiesFormSuite } from "./policies-forms-suite";

/** Alert policies without JavaScript: editing, switching off, deleting, and who may not. */

const s = policiesFormSuite();
const { byName, links, speeding } = s;

beforeAll(async () => {
  // the policies these tests change, posted through the add form as a user would
  for (const fields of [
    speeding({
      emails: "Dispatch@Example.com, boss@example.com\nboss@example.com",
      notify_email: "on",
      time_from: "08:00",
      time_to: "18:00",
      days: ["1", "2", "3", "4", "5"],
    }),
    speeding({ name: "Idle trucks", alert_type: "idling", duration_min: "15", speed_limit_kmh: "" }),
  ]) {
    const res = await s.admin.post("/alerts/policies/add", fields);
    if (res.status !== 302) throw new Error(`policy ${fields.name} not created: ${res.status}`);
  }
});

describe("alert policies without JavaScript: changing", () => {
  it("edits a policy: the form shows the stored values and a save keeps what was not changed", async () => {
    const saved = (await byName("Highway speeding"))!;
    const page = await (await s.admin.get(`/alerts/policies/edit/${saved.id}`)).text();
    expect(page).toContain('value="Highway speeding"');
    expect(page).toContain('value="90"');
    expect(page).toContain('value="08:00"');
    expect(page).toContain(`checked="" value="${s.vehicles[0].id}"`);
    expect(page).not.toContain(`checked="" value="${s.vehicles[2].id}"`);
    expect(page).toContain("dispatch@example.com\nboss@example.com");

    const res = await s.admin.post(
      `/alerts/policies/edit/${saved.id}`,
      speeding({
        name: "Highway speeding 100",
        speed_limit_kmh: "100",
        notify_email: "on",
        emails: "dispatch@example.com\nboss@example.com",
        time_from: "08:00",
        time_to: "18:00",
        days: ["1", "2", "3", "4", "5"],
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/alerts/policies/policy/${saved.id}?saved=1`);
    const after = await byName("Highway speeding 100");
    expect(after).toMatchObject({
      id: saved.id,
      speed_limit_kmh: 100,
      days: [1, 2, 3, 4, 5],
      time_from: "08:00:00",
      emails: ["dispatch@example.com", "boss@example.com"],
      daily_limit: 5,
    });
    expect(await links("alert_policy_vehicles", saved.id)).toBe(2);
    expect(await links("alert_policy_recipients", saved.id)).toBe(1);

    const invalid = await s.admin.post(
      `/alerts/policies/edit/${saved.id}`,
      speeding({ name: "Broken", speed_limit_kmh: "999" }),
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("The value is out of range.");
    expect((await byName("Highway speeding 100"))?.speed_limit_kmh).toBe(100);
  });

  it("switches a policy off and on; an edit keeps it switched off", async () => {
    const saved = (await byName("Highway speeding 100"))!;
    const path = `/alerts/policies/policy/${saved.id}`;
    const off = await s.admin.post(path, { intent: "deactivate" });
    expect(off.status).toBe(302);
    expect(off.headers.get("location")).toBe(`${path}?deactivated=1`);
    expect((await byName("Highway speeding 100"))?.active).toBe(false);
    const view = await (await s.admin.get(`${path}?deactivated=1`)).text();
    expect(view).toContain("The policy is switched off.");
    expect(view).toContain(">Activate</button>");

    const edit = await (await s.admin.get(`/alerts/policies/edit/${saved.id}`)).text();
    expect(edit).toContain('name="active" value="false"');
    expect(
      (
        await s.admin.post(
          `/alerts/policies/edit/${saved.id}`,
          speeding({ name: "Highway speeding 100", speed_limit_kmh: "100", active: "false" }),
        )
      ).status,
    ).toBe(302);
    expect((await byName("Highway speeding 100"))?.active).toBe(false);

    expect((await s.admin.post(path, { intent: "activate" })).status).toBe(302);
    expect((await byName("Highway speeding 100"))?.active).toBe(true);
  });

  it("lists the policy's latest alerts with a link to the log", async () => {
    const saved = (await byName("Highway speeding 100"))!;
    await s.srv.ctx.db
      .insertInto("alerts")
      .values({
        org_id: s.org.orgId,
        policy_id: saved.id,
        policy_name: saved.name,
        alert_type: "speeding",
        vehicle_id: s.vehicles[0].id,
        occurred_at: new Date("2025-03-04T10:15:00Z"),
        speed_kmh: 123,
        details: JSON.stringify({ speed: 123, limit: 100 }),
      })
      .execute();
    const view = await (await s.admin.get(`/alerts/policies/policy/${saved.id}`)).text();
    expect(view).toContain("123 km/h, limit 100 km/h");
    expect(view).toContain("2025-03-04 11:15:00");
    expect(view).toContain(`href="/alerts/log?policy=${saved.id}"`);
    expect(await (await s.admin.get("/alerts/policies?q=highway")).text()).toContain("2025-03-04 11:15");
  });

  it("deletes a policy after the confirmation step; its alerts stay in the log", async () => {
    const saved = (await byName("Highway speeding 100"))!;
    const path = `/alerts/policies/policy/${saved.id}`;
    const confirm = await (await s.admin.get(`${path}?delete=1`)).text();
    expect(confirm).toContain("Delete the alert policy Highway speeding 100? Alerts it raised stay in the log.");
    expect(confirm).toContain('data-testid="delete-confirm-button"');
    const res = await s.admin.post(path, { intent: "delete" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/alerts/policies?deleted=1");
    expect(await byName("Highway speeding 100")).toBeUndefined();
    expect((await s.admin.get(path)).status).toBe(404);
    const kept = await s.srv.ctx.db
      .selectFrom("alerts")
      .select(["policy_id", "policy_name"])
      .where("org_id", "=", s.org.orgId)
      .execute();
    expect(kept).toEqual([{ policy_id: null, policy_name: "Highway speeding 100" }]);
  });

  it("a viewer (no alerts:write) sees policies but cannot add, change or delete them", async () => {
    const target = (await byName("Idle trucks"))!;
    const viewer = new FormClient(s.srv.url);
    await viewer.login(`viewer@${s.org.orgId.slice(0, 8)}.test.flota`, DEMO_PASSWORD);
    const list = await viewer.get("/alerts/policies");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("Idle trucks");
    expect(html).not.toContain('href="/alerts/policies/add"');
    const view = await (await viewer.get(`/alerts/policies/policy/${target.id}`)).text();
    expect(view).toContain("Engine idling for over 15 min");
    expect(view).not.toContain('data-testid="toggle-active"');
    expect((await viewer.get("/alerts/policies/add")).status).toBe(403);
    expect((await viewer.get(`/alerts/policies/edit/${target.id}`)).status).toBe(403);
    const csrf = viewer.cookies.get("flota_csrf")!;
    expect((await viewer.post("/alerts/policies/add", speeding({ name: "Viewer policy" }), { csrf })).status).toBe(403);
    expect(
      (await viewer.post(`/alerts/policies/edit/${target.id}`, speeding({ name: "Viewer edit" }), { csrf })).status,
    ).toBe(403);
    for (const intent of ["deactivate", "delete"])
      expect((await viewer.post(`/alerts/policies/policy/${target.id}`, { intent }, { csrf })).status).toBe(403);
    expect(await byName("Viewer policy")).toBeUndefined();
    expect(await byName("Idle trucks")).toMatchObject({ active: true });
  });

  it("refuses a form without the CSRF token and another organisation's policy", async () => {
    expect((await s.admin.post("/alerts/policies/add", speeding({ name: "No token" }), { csrf: null })).status).toBe(
      403,
    );
    expect(await byName("No token")).toBeUndefined();
    const csrf = s.admin.cookies.get("flota_csrf")!;
    for (const path of [`/alerts/policies/policy/${s.otherPolicyId}`, `/alerts/policies/edit/${s.otherPolicyId}`]) {
      const page = await s.admin.get(path);
      expect(page.status, path).toBe(404);
      expect(await page.text()).not.toContain("OTHERORG");
      expect((await s.admin.post(path, { intent: "delete" }, { csrf })).status, path).toBe(404);
    }
    expect(
      (await s.admin.post(`/alerts/policies/edit/${s.otherPolicyId}`, speeding({ name: "Stolen" }), { csrf })).status,
    ).toBe(404);
    const untouched = await s.srv.ctx.db
      .selectFrom("alert_policies")
      .select(["name", "active"])
      .where("id", "=", s.otherPolicyId)
      .executeTakeFirst();
    expect(untouched).toEqual({ name: "OTHERORG policy", active: true });
    // Another organisation's vehicle cannot be chosen.
    const otherVehicle = await s.srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "<>", s.org.orgId)
      .executeTakeFirst();
    if (otherVehicle) {
      const res = await s.admin.post(
        "/alerts/policies/add",
        speeding({ name: "Cross org", vehicle_ids: [otherVehicle.id] }),
      );
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('id="vehicle_ids-error"');
      expect(await byName("Cross org")).toBeUndefined();
    }
  });
});
