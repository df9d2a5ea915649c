import { describe, expect, it } from "vitest";
import { policiesFormSuite } from "./policies-forms-suite";

/** Alert policies without JavaScript: the list, the add form, what it stores and what it refuses. */

const s = policiesFormSuite();
const { byName, links, speeding } = s;

describe("alert policies without JavaScript: adding", () => {
  it("/alerts opens the log; the policies tab lists policies with an add button, in English and Albanian", async () => {
    const res = await s.admin.get("/alerts");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/alerts/log");
    const html = await (await s.admin.get("/alerts/policies")).text();
    expect(html).toContain('data-testid="alerts-tabs"');
    expect(html).toContain('href="/alerts/log"');
    expect(html).toContain('href="/alerts/overview"');
    expect(html).toContain('href="/alerts/policies/add"');
    expect(html).toContain("No alert policies yet.");
    const albanian = await (await s.admin.get("/alerts/policies/add?lng=al")).text();
    expect(albanian).toContain("<h1>Politikë e re alarmi</h1>");
    expect(albanian).toContain("Kufiri i shpejtësisë (km/h)");
    expect(albanian).toContain("Tejkalim shpejtësie");
    // Without JavaScript every threshold fieldset is there, each saying which types use it.
    for (const need of ["speed", "duration", "geofences", "alarms", "faults"])
      expect(albanian).toContain(`data-testid="threshold-${need}"`);
    expect(albanian).toContain("Përdoret nga:");
  });

  it("creates a speeding policy and shows it in words", async () => {
    const res = await s.admin.post(
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
    const view = await (await s.admin.get(`/alerts/policies/policy/${saved!.id}?created=1`)).text();
    expect(view).toContain("The policy was created.");
    expect(view).toContain("Speeding over 90 km/h");
    expect(view).toContain(s.vehicles[0].registration);
    expect(view).toContain(s.vehicles[1].registration);
    expect(view).toContain("Mon, Tue, Wed, Thu, Fri, 08:00–18:00");
    expect(view).toContain("At most 5 alerts per vehicle a day");
    expect(view).toContain("dispatch@example.com, boss@example.com");
    expect(view).toContain("In-app, E-mail");
    expect(view).toContain("This policy has raised no alerts yet.");
    expect(view).toContain(`href="/alerts/log?policy=${saved!.id}"`);

    const list = await (await s.admin.get("/alerts/policies?q=highway")).text();
    expect(list).toContain(`href="/alerts/policies/policy/${saved!.id}"`);
    expect(list).toContain(`href="/alerts/policies/edit/${saved!.id}"`);
    expect(list).toContain("2 vehicles");
    expect(list).toContain("1 user, 2 e-mails");
    expect(await (await s.admin.get("/alerts/policies?type=idling")).text()).not.toContain("Highway speeding");
  });

  it("offers route planning's late and missed jobs as types, with their hint in both languages, and saves such a policy", async () => {
    const en = await (await s.admin.get("/alerts/policies/add?lng=en")).text();
    expect(en).toContain('<option value="job_late">Route job late</option>');
    expect(en).toContain('<option value="job_missed">Route job missed</option>');
    expect(en).toContain('<option value="job_eta_late">Route job expected late</option>');
    expect(en).toContain("the lateness margin is set in route planning");
    const al = await (await s.admin.get("/alerts/policies/add?lng=al")).text();
    expect(al).toContain('<option value="job_late">Punë në itinerar me vonesë</option>');
    expect(al).toContain('<option value="job_eta_late">Punë në itinerar që pritet me vonesë</option>');
    expect(al).toContain("marzhi i vonesës caktohet te cilësimet e planifikimit të itinerareve");
    const res = await s.admin.post(
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
    const view = await (await s.admin.get(`/alerts/policies/policy/${saved!.id}?lng=en`)).text();
    expect(view).toContain("A route job not reached by its arrival time plus the lateness margin");
  });

  it("missing name: 'please fill all fields', nothing saved, typed values kept", async () => {
    const res = await s.admin.post("/alerts/policies/add", speeding({ name: "", speed_limit_kmh: "77" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain('id="name-error"');
    expect(html).toContain("This field is required.");
    expect(html).toContain('value="77"');
    expect(
      await s.srv.ctx.db
        .selectFrom("alert_policies")
        .select("id")
        .where("org_id", "=", s.org.orgId)
        .where("speed_limit_kmh", "=", 77)
        .execute(),
    ).toEqual([]);
  });

  it("speeding needs a speed limit; geofence types need geofences", async () => {
    const noLimit = await s.admin.post("/alerts/policies/add", speeding({ name: "No limit", speed_limit_kmh: "" }));
    expect(noLimit.status).toBe(400);
    expect(await noLimit.text()).toContain('id="speed_limit_kmh-error"');
    expect(await byName("No limit")).toBeUndefined();

    const noFences = await s.admin.post(
      "/alerts/policies/add",
      speeding({ name: "No fences", alert_type: "geofence_enter", speed_limit_kmh: "" }),
    );
    expect(noFences.status).toBe(400);
    expect(await noFences.text()).toContain("Choose all geofences or at least one geofence");
    expect(await byName("No fences")).toBeUndefined();
  });

  it("e-mail notifications need an e-mail address or a user", async () => {
    const res = await s.admin.post(
      "/alerts/policies/add",
      speeding({ name: "Mail nobody", notify_in_app: "", notify_email: "on", recipient_ids: [], emails: "" }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain("At least one e-mail must be chosen for e-mail notifications");
    expect(await byName("Mail nobody")).toBeUndefined();
    const bad = await (
      await s.admin.post(
        "/alerts/policies/add",
        speeding({ name: "Bad mail", notify_email: "on", emails: "not-an-address" }),
      )
    ).text();
    expect(bad).toContain("Not a valid e-mail address");
    expect(await byName("Bad mail")).toBeUndefined();
  });

  it("ignores and clears thresholds the chosen type does not use", async () => {
    const res = await s.admin.post(
      "/alerts/policies/add",
      speeding({
        name: "Idle trucks",
        alert_type: "idling",
        duration_min: "15",
        speed_limit_kmh: "0",
        alarm_kinds: ["sos"],
        fault_kinds: ["noPositions"],
        geofence_ids: [s.geofenceId],
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
    expect(await (await s.admin.get(`/alerts/policies/policy/${saved!.id}`)).text()).toContain(
      "Engine idling for over 15 min",
    );
  });

  it("creates a geofence policy for chosen geofences and device-alarm policies for any or chosen alarms", async () => {
    const fence = await s.admin.post(
      "/alerts/policies/add",
      speeding({
        name: "Airport entry",
        alert_type: "geofence_enter",
        speed_limit_kmh: "",
        geofence_ids: [s.geofenceId],
      }),
    );
    expect(fence.status).toBe(302);
    const saved = await byName("Airport entry");
    expect(saved).toMatchObject({ all_geofences: false, speed_limit_kmh: null });
    expect(await links("alert_policy_geofences", saved!.id)).toBe(1);
    expect(await (await s.admin.get(fence.headers.get("location")!)).text()).toContain("Entering Rinas airport");

    const alarms = await s.admin.post(
      "/alerts/policies/add",
      speeding({ name: "SOS", alert_type: "device_alarm", alarm_kinds: ["sos", "crash"] }),
    );
    expect(alarms.status).toBe(302);
    expect(await (await s.admin.get(alarms.headers.get("location")!)).text()).toContain("Device alarm: SOS, Crash");
  });
});
