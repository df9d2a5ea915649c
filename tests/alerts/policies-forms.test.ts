import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import { createPolicy } from "../../server/modules/alerts/alerts.service";
import { policyInputSchema } from "../../server/modules/alerts/alerts.schema";
import { createGeofence } from "../../server/modules/places/places.service";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let admin: FormClient;
let vehicles: Array<{ id: string; registration: string }>;
let geofenceId: string;
let otherPolicyId: string;

const ALL_DAYS = ["0", "1", "2", "3", "4", "5", "6"];
const byName = (name: string) =>
  srv.ctx.db
    .selectFrom("alert_policies")
    .selectAll()
    .where("org_id", "=", org.orgId)
    .where("name", "=", name)
    .executeTakeFirst();
const links = async (
  table: "alert_policy_vehicles" | "alert_policy_geofences" | "alert_policy_recipients",
  policyId: string,
) => (await srv.ctx.db.selectFrom(table).selectAll().where("policy_id", "=", policyId).execute()).length;

/** A valid speeding policy as the form posts it; tests override fields. */
const speeding = (over: Record<string, string | string[]> = {}): Record<string, string | string[]> => ({
  name: "Highway speeding",
  alert_type: "speeding",
  active: "true",
  vehicle_ids: [vehicles[0].id, vehicles[1].id],
  speed_limit_kmh: "90",
  duration_min: "",
  time_from: "",
  time_to: "",
  days: ALL_DAYS,
  daily_limit: "5",
  driver_limit: "",
  notify_in_app: "on",
  recipient_ids: [org.adminId],
  emails: "",
  ...over,
});

beforeAll(async () => {
  srv = await startTestServer();
  [org, other] = await Promise.all([createTestOrg(srv.ctx, { demo: true }), createTestOrg(srv.ctx)]);
  admin = new FormClient(srv.url);
  await admin.login(org.adminEmail, org.adminPassword);
  vehicles = await srv.ctx.db
    .selectFrom("vehicles")
    .select(["id", "registration"])
    .where("org_id", "=", org.orgId)
    .orderBy("registration")
    .limit(3)
    .execute();
  const pa = await principalFor(srv.ctx, org.adminId);
  geofenceId = (
    await createGeofence(srv.ctx, pa, {
      name: "Rinas airport",
      category: "Zone",
      shape: "circle",
      latitude: 41.41,
      longitude: 19.72,
      radius_m: 800,
    })
  ).id;
  const pb = await principalFor(srv.ctx, other.adminId);
  otherPolicyId = (
    await createPolicy(
      srv.ctx,
      pb,
      policyInputSchema.parse({
        name: "OTHERORG policy",
        alert_type: "ignition_on",
        all_vehicles: "on",
        days: ALL_DAYS,
        notify_in_app: "on",
        recipient_ids: [other.adminId],
      }) as never,
    )
  ).id;
});
afterAll(async () => srv?.close());

describe("alert policies without JavaScript", () => {
  it("/alerts opens the log; the policies tab lists policies with an add button, in English and Albanian", async () => {
    const res = await admin.get("/alerts");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/alerts/log");
    const html = await (await admin.get("/alerts/policies")).text();
    expect(html).toContain('data-testid="alerts-tabs"');
    expect(html).toContain('href="/alerts/log"');
    expect(html).toContain('href="/alerts/overview"');
    expect(html).toContain('href="/alerts/policies/add"');
    expect(html).toContain("No alert policies yet.");
    const albanian = await (await admin.get("/alerts/policies/add?lng=al")).text();
    expect(albanian).toContain("<h1>Politikë e re alarmi</h1>");
    expect(albanian).toContain("Kufiri i shpejtësisë (km/h)");
    expect(albanian).toContain("Tejkalim shpejtësie");
    // Without JavaScript every threshold fieldset is there, each saying which types use it.
    for (const need of ["speed", "duration", "geofences", "alarms", "faults"])
      expect(albanian).toContain(`data-testid="threshold-${need}"`);
    expect(albanian).toContain("Përdoret nga:");
  });

  it("creates a speeding policy and shows it in words", async () => {
    const res = await admin.post(
      "/alerts/policies/add",
      speeding({
        emails: "Dispatch@Example.com, boss@example.com\nboss@example.com",
        notify_email: "on",
        time_from: "08:00",
        time_to: "18:00",
        days: ["1", "2", "3", "4", "5"],
      }),
    );
    expect(res.status).toBe(302);
    const saved = await byName("Highway speeding");
    expect(saved).toMatchObject({
      alert_type: "speeding",
      speed_limit_kmh: 90,
      duration_min: null,
      all_vehicles: false,
      daily_limit: 5,
      driver_limit: null,
      notify_in_app: true,
      notify_email: true,
      emails: ["dispatch@example.com", "boss@example.com"],
      days: [1, 2, 3, 4, 5],
      time_from: "08:00:00",
      time_to: "18:00:00",
      active: true,
    });
    expect(res.headers.get("location")).toBe(`/alerts/policies/policy/${saved!.id}?created=1`);
    expect(await links("alert_policy_vehicles", saved!.id)).toBe(2);
    const view = await (await admin.get(`/alerts/policies/policy/${saved!.id}?created=1`)).text();
    expect(view).toContain("The policy was created.");
    expect(view).toContain("Speeding over 90 km/h");
    expect(view).toContain(vehicles[0].registration);
    expect(view).toContain(vehicles[1].registration);
    expect(view).toContain("Mon, Tue, Wed, Thu, Fri, 08:00–18:00");
    expect(view).toContain("At most 5 alerts per vehicle a day");
    expect(view).toContain("dispatch@example.com, boss@example.com");
    expect(view).toContain("In-app, E-mail");
    expect(view).toContain("This policy has raised no alerts yet.");
    expect(view).toContain(`href="/alerts/log?policy=${saved!.id}"`);

    const list = await (await admin.get("/alerts/policies?q=highway")).text();
    expect(list).toContain(`href="/alerts/policies/policy/${saved!.id}"`);
    expect(list).toContain(`href="/alerts/policies/edit/${saved!.id}"`);
    expect(list).toContain("2 vehicles");
    expect(list).toContain("1 user, 2 e-mails");
    expect(await (await admin.get("/alerts/policies?type=idling")).text()).not.toContain("Highway speeding");
  });

  it("offers route planning's late and missed jobs as types, with their hint in both languages, and saves such a policy", async () => {
    const en = await (await admin.get("/alerts/policies/add?lng=en")).text();
    expect(en).toContain('<option value="job_late">Route job late</option>');
    expect(en).toContain('<option value="job_missed">Route job missed</option>');
    expect(en).toContain('<option value="job_eta_late">Route job expected late</option>');
    expect(en).toContain("the lateness margin is set in route planning");
    const al = await (await admin.get("/alerts/policies/add?lng=al")).text();
    expect(al).toContain('<option value="job_late">Punë në itinerar me vonesë</option>');
    expect(al).toContain('<option value="job_eta_late">Punë në itinerar që pritet me vonesë</option>');
    expect(al).toContain("marzhi i vonesës caktohet te cilësimet e planifikimit të itinerareve");
    const res = await admin.post(
      "/alerts/policies/add?lng=en",
      speeding({
        name: "Late visits",
        alert_type: "job_late",
        daily_limit: "3",
        notify_email: "on",
        emails: "ops@example.com",
      }),
    );
    expect(res.status).toBe(302);
    const saved = await byName("Late visits");
    // the speed limit typed in the (unused) threshold is not stored
    expect(saved).toMatchObject({
      alert_type: "job_late",
      speed_limit_kmh: null,
      daily_limit: 3,
      notify_email: true,
      emails: ["ops@example.com"],
    });
    const view = await (await admin.get(`/alerts/policies/policy/${saved!.id}?lng=en`)).text();
    expect(view).toContain("A route job not reached by its arrival time plus the lateness margin");
  });

  it("missing name: 'please fill all fields', nothing saved, typed values kept", async () => {
    const res = await admin.post("/alerts/policies/add", speeding({ name: "", speed_limit_kmh: "77" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain('id="name-error"');
    expect(html).toContain("This field is required.");
    expect(html).toContain('value="77"');
    expect(
      await srv.ctx.db
        .selectFrom("alert_policies")
        .select("id")
        .where("org_id", "=", org.orgId)
        .where("speed_limit_kmh", "=", 77)
        .execute(),
    ).toEqual([]);
  });

  it("speeding needs a speed limit; geofence types need geofences", async () => {
    const noLimit = await admin.post("/alerts/policies/add", speeding({ name: "No limit", speed_limit_kmh: "" }));
    expect(noLimit.status).toBe(400);
    expect(await noLimit.text()).toContain('id="speed_limit_kmh-error"');
    expect(await byName("No limit")).toBeUndefined();

    const noFences = await admin.post(
      "/alerts/policies/add",
      speeding({ name: "No fences", alert_type: "geofence_enter", speed_limit_kmh: "" }),
    );
    expect(noFences.status).toBe(400);
    expect(await noFences.text()).toContain("Choose all geofences or at least one geofence");
    expect(await byName("No fences")).toBeUndefined();
  });

  it("e-mail notifications need an e-mail address or a user", async () => {
    const res = await admin.post(
      "/alerts/policies/add",
      speeding({ name: "Mail nobody", notify_in_app: "", notify_email: "on", recipient_ids: [], emails: "" }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain("At least one e-mail must be chosen for e-mail notifications");
    expect(await byName("Mail nobody")).toBeUndefined();
    const bad = await (
      await admin.post(
        "/alerts/policies/add",
        speeding({ name: "Bad mail", notify_email: "on", emails: "not-an-address" }),
      )
    ).text();
    expect(bad).toContain("Not a valid e-mail address");
    expect(await byName("Bad mail")).toBeUndefined();
  });

  it("ignores and clears thresholds the chosen type does not use", async () => {
    const res = await admin.post(
      "/alerts/policies/add",
      speeding({
        name: "Idle trucks",
        alert_type: "idling",
        duration_min: "15",
        speed_limit_kmh: "0",
        alarm_kinds: ["sos"],
        fault_kinds: ["noPositions"],
        geofence_ids: [geofenceId],
      }),
    );
    expect(res.status).toBe(302);
    const saved = await byName("Idle trucks");
    expect(saved).toMatchObject({
      alert_type: "idling",
      duration_min: 15,
      speed_limit_kmh: null,
      alarm_kinds: [],
      fault_kinds: [],
      all_geofences: true,
    });
    expect(await links("alert_policy_geofences", saved!.id)).toBe(0);
    expect(await (await admin.get(`/alerts/policies/policy/${saved!.id}`)).text()).toContain(
      "Engine idling for over 15 min",
    );
  });

  it("creates a geofence policy for chosen geofences and device-alarm policies for any or chosen alarms", async () => {
    const fence = await admin.post(
      "/alerts/policies/add",
      speeding({
        name: "Airport entry",
        alert_type: "geofence_enter",
        speed_limit_kmh: "",
        geofence_ids: [geofenceId],
      }),
    );
    expect(fence.status).toBe(302);
    const saved = await byName("Airport entry");
    expect(saved).toMatchObject({ all_geofences: false, speed_limit_kmh: null });
    expect(await links("alert_policy_geofences", saved!.id)).toBe(1);
    expect(await (await admin.get(fence.headers.get("location")!)).text()).toContain("Entering Rinas airport");

    const alarms = await admin.post(
      "/alerts/policies/add",
      speeding({ name: "SOS", alert_type: "device_alarm", alarm_kinds: ["sos", "crash"] }),
    );
    expect(alarms.status).toBe(302);
    expect(await (await admin.get(alarms.headers.get("location")!)).text()).toContain("Device alarm: SOS, Crash");
  });

  it("edits a policy: the form shows the stored values and a save keeps what was not changed", async () => {
    const saved = (await byName("Highway speeding"))!;
    const page = await (await admin.get(`/alerts/policies/edit/${saved.id}`)).text();
    expect(page).toContain('value="Highway speeding"');
    expect(page).toContain('value="90"');
    expect(page).toContain('value="08:00"');
    expect(page).toContain(`checked="" value="${vehicles[0].id}"`);
    expect(page).not.toContain(`checked="" value="${vehicles[2].id}"`);
    expect(page).toContain("dispatch@example.com\nboss@example.com");

    const res = await admin.post(
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

    const invalid = await admin.post(
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
    const off = await admin.post(path, { intent: "deactivate" });
    expect(off.status).toBe(302);
    expect(off.headers.get("location")).toBe(`${path}?deactivated=1`);
    expect((await byName("Highway speeding 100"))?.active).toBe(false);
    const view = await (await admin.get(`${path}?deactivated=1`)).text();
    expect(view).toContain("The policy is switched off.");
    expect(view).toContain(">Activate</button>");

    const edit = await (await admin.get(`/alerts/policies/edit/${saved.id}`)).text();
    expect(edit).toContain('name="active" value="false"');
    expect(
      (
        await admin.post(
          `/alerts/policies/edit/${saved.id}`,
          speeding({ name: "Highway speeding 100", speed_limit_kmh: "100", active: "false" }),
        )
      ).status,
    ).toBe(302);
    expect((await byName("Highway speeding 100"))?.active).toBe(false);

    expect((await admin.post(path, { intent: "activate" })).status).toBe(302);
    expect((await byName("Highway speeding 100"))?.active).toBe(true);
  });

  it("lists the policy's latest alerts with a link to the log", async () => {
    const saved = (await byName("Highway speeding 100"))!;
    await srv.ctx.db
      .insertInto("alerts")
      .values({
        org_id: org.orgId,
        policy_id: saved.id,
        policy_name: saved.name,
        alert_type: "speeding",
        vehicle_id: vehicles[0].id,
        occurred_at: new Date("2025-03-04T10:15:00Z"),
        speed_kmh: 123,
        details: JSON.stringify({ speed: 123, limit: 100 }),
      })
      .execute();
    const view = await (await admin.get(`/alerts/policies/policy/${saved.id}`)).text();
    expect(view).toContain("123 km/h, limit 100 km/h");
    expect(view).toContain("2025-03-04 11:15:00");
    expect(view).toContain(`href="/alerts/log?policy=${saved.id}"`);
    expect(await (await admin.get("/alerts/policies?q=highway")).text()).toContain("2025-03-04 11:15");
  });

  it("deletes a policy after the confirmation step; its alerts stay in the log", async () => {
    const saved = (await byName("Highway speeding 100"))!;
    const path = `/alerts/policies/policy/${saved.id}`;
    const confirm = await (await admin.get(`${path}?delete=1`)).text();
    expect(confirm).toContain("Delete the alert policy Highway speeding 100? Alerts it raised stay in the log.");
    expect(confirm).toContain('data-testid="delete-confirm-button"');
    const res = await admin.post(path, { intent: "delete" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/alerts/policies?deleted=1");
    expect(await byName("Highway speeding 100")).toBeUndefined();
    expect((await admin.get(path)).status).toBe(404);
    const kept = await srv.ctx.db
      .selectFrom("alerts")
      .select(["policy_id", "policy_name"])
      .where("org_id", "=", org.orgId)
      .execute();
    expect(kept).toEqual([{ policy_id: null, policy_name: "Highway speeding 100" }]);
  });

  it("a viewer (no alerts:write) sees policies but cannot add, change or delete them", async () => {
    const target = (await byName("Idle trucks"))!;
    const viewer = new FormClient(srv.url);
    await viewer.login(`viewer@${org.orgId.slice(0, 8)}.test.flota`, DEMO_PASSWORD);
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
    expect((await admin.post("/alerts/policies/add", speeding({ name: "No token" }), { csrf: null })).status).toBe(403);
    expect(await byName("No token")).toBeUndefined();
    const csrf = admin.cookies.get("flota_csrf")!;
    for (const path of [`/alerts/policies/policy/${otherPolicyId}`, `/alerts/policies/edit/${otherPolicyId}`]) {
      const page = await admin.get(path);
      expect(page.status, path).toBe(404);
      expect(await page.text()).not.toContain("OTHERORG");
      expect((await admin.post(path, { intent: "delete" }, { csrf })).status, path).toBe(404);
    }
    expect(
      (await admin.post(`/alerts/policies/edit/${otherPolicyId}`, speeding({ name: "Stolen" }), { csrf })).status,
    ).toBe(404);
    const untouched = await srv.ctx.db
      .selectFrom("alert_policies")
      .select(["name", "active"])
      .where("id", "=", otherPolicyId)
      .executeTakeFirst();
    expect(untouched).toEqual({ name: "OTHERORG policy", active: true });
    // Another organisation's vehicle cannot be chosen.
    const otherVehicle = await srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "<>", org.orgId)
      .executeTakeFirst();
    if (otherVehicle) {
      const res = await admin.post(
        "/alerts/policies/add",
        speeding({ name: "Cross org", vehicle_ids: [otherVehicle.id] }),
      );
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('id="vehicle_ids-error"');
      expect(await byName("Cross org")).toBeUndefined();
    }
  });
});
