import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateRouteSettings } from "../../server/modules/route-planning/route-planning.settings";
import { apiToken, bearerHeaders } from "../support/api-auth";
import { principalFor, type TestOrg } from "../support/context";
import { createUser, createVehicle } from "../support/factories";
import { FormClient, startSignedIn, type TestServer } from "../support/server";
import { putVehicleState } from "../support/vehicle-state";
import { addDays, formatInstantTime, zonedInstant } from "../../server/shared/dates";
import { at, draftOptimization, insertJob, today, TZ, routeSettings } from "./helpers";

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn({ demo: true }));
});
afterAll(async () => srv?.close());

const jobsOf = (name: string) =>
  srv.ctx.db
    .selectFrom("route_jobs")
    .selectAll()
    .where("org_id", "=", org.orgId)
    .where("name", "=", name)
    .orderBy("scheduled_date")
    .execute();

describe("route planning without JavaScript", () => {
  it("/route-planning opens the assign-routes list, in both languages", async () => {
    const res = await admin.get("/route-planning");
    expect(res.headers.get("location")).toBe("/route-planning/scheduled-routes/assign-routes/list");
    expect((await admin.get("/route-planning/routing-dispatch")).headers.get("location")).toBe(
      "/route-planning/routing-dispatch/map",
    );
    const al = await (await admin.get("/route-planning/scheduled-routes/assign-routes/list?lng=al")).text();
    expect(al).toContain("Cakto itineraret");
    expect(al).toContain('href="/route-planning"');
  });

  it("adds a weekly job by form, shows field errors, and assigns it from the dispatch map's form", async () => {
    const bad = await admin.post("/route-planning/scheduled-routes/assign-routes/add", {
      name: "",
      scheduled_date: today(),
      scheduled_arrival: "10:00",
      scheduled_departure: "09:00",
      latitude: "41.3",
      longitude: "19.8",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Departure comes before arrival.");
    const ok = await admin.post("/route-planning/scheduled-routes/assign-routes/add", {
      name: "Form weekly",
      scheduled_date: today(),
      scheduled_arrival: "09:00",
      scheduled_departure: "09:30",
      latitude: "41.3",
      longitude: "19.8",
      days: ["1", "2", "3", "4", "5", "6", "7"],
      repeat_until: today(),
    });
    expect(ok.status).toBe(302);
    const [job] = await jobsOf("Form weekly");
    expect(job.scheduled_date).toBe(today());
    const vehicle = await createVehicle(srv.ctx, { org });
    const map = await admin.post("/route-planning/routing-dispatch/map", { job_id: job.id, vehicle_id: vehicle.id });
    expect(map.status).toBe(302);
    expect((await jobsOf("Form weekly"))[0].vehicle_id).toBe(vehicle.id);
    const page = await (await admin.get("/route-planning/routing-dispatch/scheduler")).text();
    expect(page).toContain("Form weekly");
  });

  it("marks late jobs on the dispatch map", async () => {
    // arrived at 12:00 for 00:00: late whatever the time of day the test runs (a job not yet arrived is late only
    // once its grace has passed, which is never in the first minutes after local midnight)
    await insertJob(srv.ctx, org.orgId, {
      name: "Surely late",
      scheduled_arrival: "00:00",
      scheduled_departure: "23:59",
      arrived_at: zonedInstant(today(), "12:00", TZ),
    });
    const html = await (await admin.get("/route-planning/routing-dispatch/map?lng=en")).text();
    expect(html).toMatch(/data-punctuality="late"[^>]*>[\s\S]*?Surely late|Surely late/);
    expect(html).toContain('data-punctuality="late"');
  });

  it("imports a CSV: preview, then save; a non-UTF-8 file is refused with a clear message", async () => {
    const sample = await admin.get("/route-planning/sample-jobs.csv?lng=al");
    expect(sample.headers.get("content-type")).toContain("text/csv");
    const csv = await sample.text();
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", new Blob([csv], { type: "text/csv" }), "sample.csv");
    const up = await admin.post("/route-planning/scheduled-routes/assign-routes/import", form);
    expect(up.status).toBe(302);
    const preview = await admin.get(up.headers.get("location")!);
    const text = await preview.text();
    expect(text).toContain('data-testid="import-summary"');
    const token = /name="token" value="([^"]+)"/.exec(text)![1];
    const save = await admin.post("/route-planning/scheduled-routes/assign-routes/import", { intent: "commit", token });
    expect(save.status).toBe(302);
    expect((await jobsOf("Servis kaldaje")).length).toBe(1);
    const latin = new FormData();
    latin.set("intent", "upload");
    latin.set(
      "file",
      new Blob([new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xeb])], { type: "text/csv" }),
      "latin.csv",
    );
    const refused = await admin.post("/route-planning/scheduled-routes/assign-routes/import?lng=en", latin);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The file is not UTF-8 text");
  });
});

describe("job import preview", () => {
  it("a file with a wrong row: counts and errors in both languages, save-all beside the valid-rows button; save-all is refused, the valid rows are saved", async () => {
    const head =
      "name,address,latitude,longitude,place,contact_name,contact_phone,notes,date,arrival,departure,driver,vehicle,repeat_until,1,2,3,4,5,6,7";
    const csv = `${head}\nPreview ok,,41.33,19.81,,,,,${today()},09:00,09:30,,,,,,,,,,\nPreview bad,,41.33,19.81,,,,,${today()},10:00,09:00,,,,,,,,,,\n`;
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", new Blob([csv], { type: "text/csv" }), "mixed.csv");
    const location = (await admin.post("/route-planning/scheduled-routes/assign-routes/import", form)).headers.get(
      "location",
    )!;
    const token = new URL(location, srv.url).searchParams.get("token")!;
    const buttons = (html: string) =>
      [...html.matchAll(/<button[^>]*class="([^"]*)"[^>]*data-testid="(import-save[^"]*)"[^>]*>([^<]*)</g)].map((m) => [
        m[2],
        m[1],
        m[3],
      ]);
    const en = await (await admin.get(`${location}&lng=en`)).text();
    expect(en).toContain("mixed.csv: 2 rows, 1 valid, 1 with errors.");
    expect(en).toContain("<th>Row</th><th>Column</th><th>Problem</th>");
    expect(en).toMatch(
      /<tr data-row="3" data-field="departure"><td>3<\/td><td>departure<\/td><td>Departure comes before arrival.<\/td><\/tr>/,
    );
    expect(buttons(en)).toEqual([
      ["import-save", "button", "Save all 1 jobs"],
      ["import-save-valid", "button primary", "Save the 1 valid rows only"],
    ]);
    const al = await (await admin.get(`${location}&lng=al`)).text();
    expect(al).toContain("mixed.csv: 2 rreshta, 1 të vlefshëm, 1 me gabime.");
    expect(al).toContain("<th>Rreshti</th><th>Kolona</th><th>Problemi</th>");
    expect(buttons(al).map((b) => b[2])).toEqual(["Ruaj të 1 punët", "Ruaj vetëm 1 rreshtat e vlefshëm"]);

    const refused = await admin.post(`${location}&lng=en`, { intent: "commit", token }, { from: location });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Nothing was saved: some rows have errors.");
    expect(await jobsOf("Preview ok")).toEqual([]);
    const saved = await admin.post(location, { intent: "commit", token, validOnly: "1" }, { from: location });
    expect(saved.headers.get("location")).toBe("/route-planning/scheduled-routes/assign-routes/list?imported=1");
    expect((await jobsOf("Preview ok")).length).toBe(1);
  });
});

describe("the accepted optimised route without JavaScript", () => {
  it("accepting by form keeps the planned order and ETA: the dispatch list, the scheduler and my jobs show them; reassigning by form clears them", async () => {
    const day = addDays(today(), 3);
    const driver = await createUser(srv.ctx, {
      org,
      role: "driver",
      driver: true,
      email: `plan-${Date.now()}@test.flota`,
    });
    const v1 = await createVehicle(srv.ctx, { org, driver: driver.id });
    const v2 = await createVehicle(srv.ctx, { org });
    const job = (name: string, arrival: string) =>
      insertJob(srv.ctx, org.orgId, {
        name,
        scheduled_date: day,
        scheduled_arrival: arrival,
        scheduled_departure: `${arrival.slice(0, 3)}30`,
      });
    const a = await job("Plan first by schedule", "09:00");
    const c = await job("Plan first by route", "11:00");
    const p = await principalFor(srv.ctx, org.adminId);
    const id = await draftOptimization(srv.ctx, p, day, [
      { vehicleId: v1.id, jobIds: [c.id, a.id], arrivals: [at(8, 5), at(9, 12)] },
    ]);
    const accepted = await admin.post(`/route-planning/routing-dispatch/map?day=${day}`, {
      intent: "accept",
      optimization_id: id,
    });
    expect(accepted.status).toBe(302);

    const text = async (path: string) => (await (await admin.get(path)).text()).replaceAll("<!-- -->", "");
    const rowAt = (html: string, jobId: string) =>
      html.indexOf(`data-job="${jobId}"`, html.indexOf('data-testid="dispatch-jobs"'));
    const en = await text(`/route-planning/routing-dispatch/map?day=${day}&lng=en`);
    expect(rowAt(en, c.id)).toBeGreaterThan(0);
    expect(rowAt(en, c.id)).toBeLessThan(rowAt(en, a.id));
    expect(en).toContain("<th>Planned order</th><th>Planned ETA</th>");
    expect(en).toMatch(
      new RegExp(
        `data-job="${a.id}"[^>]*data-sequence="2"[\\s\\S]*?09:12</td><td data-testid="live-eta"><span data-live-eta="none">—</span></td><td>09:00–09:30`,
      ),
    );
    const al = await text(`/route-planning/routing-dispatch/map?day=${day}&lng=al`);
    expect(al).toContain("<th>Radha në itinerar</th><th>Mbërritja e parashikuar</th>");

    const plan = (html: string) => html.slice(html.indexOf('data-testid="scheduler-plan"'));
    const sched = plan(await text(`/route-planning/routing-dispatch/scheduler?day=${day}&lng=al`));
    expect(sched.indexOf(c.id)).toBeLessThan(sched.indexOf(a.id));
    expect(sched).toMatch(
      /08:05<\/td><td data-testid="live-eta"><span data-live-eta="none">—<\/span><\/td><td>11:00–11:30<\/td><td>—<\/td>/,
    );
    expect(plan(await text(`/route-planning/routing-dispatch/scheduler?day=${day}&lng=en`))).toContain("Planned ETA");

    const driverToken = await apiToken(srv, driver.email!, driver.password);
    const mine = await (
      await fetch(`${srv.url}/api/route-planning/my/jobs?day=${day}`, {
        headers: { authorization: `Bearer ${driverToken}` },
      })
    ).json();
    expect(
      mine.jobs.map((j: { id: string; planned_sequence: number; planned_eta: string; scheduled_arrival: string }) => [
        j.id,
        j.planned_sequence,
        j.planned_eta,
        j.scheduled_arrival,
      ]),
    ).toEqual([
      [c.id, 1, "08:05", "11:00"],
      [a.id, 2, "09:12", "09:00"],
    ]);

    expect(
      (await admin.post(`/route-planning/routing-dispatch/scheduler?day=${day}`, { job_id: c.id, vehicle_id: v2.id }))
        .status,
    ).toBe(302);
    const moved = await srv.ctx.db
      .selectFrom("route_jobs")
      .select(["vehicle_id", "planned_sequence", "planned_arrival", "scheduled_arrival"])
      .where("id", "=", c.id)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({
      vehicle_id: v2.id,
      planned_sequence: null,
      planned_arrival: null,
      scheduled_arrival: "11:00:00",
    });
  });
});

describe("driver API", () => {
  it("lists my jobs of today and checks in with the phone's position, refusing beyond the radius with the distance", async () => {
    const driver = await createUser(srv.ctx, {
      org,
      role: "driver",
      driver: true,
      email: `drv-${Date.now()}@test.flota`,
    });
    const job = await insertJob(srv.ctx, org.orgId, { name: "Phone job", driver_id: driver.id });
    const auth = await bearerHeaders(srv, driver.email!, driver.password);
    const mine = await (await fetch(`${srv.url}/api/route-planning/my/jobs`, { headers: auth })).json();
    expect(mine.jobs.map((j: { id: string }) => j.id)).toContain(job.id);
    const far = await fetch(`${srv.url}/api/route-planning/my/jobs/${job.id}/check-in`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ latitude: 41.3375, longitude: 19.8187 }),
    });
    expect(far.status).toBe(409);
    const body = await far.json();
    expect(body).toMatchObject({ error: "CHECKIN_TOO_FAR", details: { distance_m: 1112, radius_m: 100 } });
    expect(body.message).toContain("1112 m");
    const near = await fetch(`${srv.url}/api/route-planning/my/jobs/${job.id}/check-in`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ latitude: 41.3275, longitude: 19.8187 }),
    });
    expect((await near.json()).status).toBe("started");
    const dispatcherOnly = await fetch(`${srv.url}/api/route-planning/jobs`, { headers: auth });
    expect(dispatcherOnly.status).toBe(403);
    const p = await principalFor(srv.ctx, org.adminId);
    await updateRouteSettings(
      srv.ctx,
      p,
      routeSettings({ attendance_enabled: false, attendance_start_threshold: "00:00" }),
    );
    const day = await fetch(`${srv.url}/api/route-planning/my/day/start`, {
      method: "POST",
      headers: auth,
      body: "{}",
    });
    expect((await day.json()).error).toBe("ATTENDANCE_NOT_ACTIVE");
  });

  it("documents the driver API in /api/openapi.json", async () => {
    const doc = await (await fetch(`${srv.url}/api/openapi.json`)).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/route-planning/my/jobs",
        "/api/route-planning/my/jobs/{id}/check-in",
        "/api/route-planning/my/day/start",
      ]),
    );
    expect(Object.keys(doc.components.schemas.RouteJob.properties)).toEqual(
      expect.arrayContaining(["planned_sequence", "planned_eta"]),
    );
  });
});

describe("live ETA on the screens and my/jobs", () => {
  it("shows the live ETA with the predicted-late marker (both languages, no JavaScript), no recent position as such, and live_eta in my/jobs", async () => {
    const driver = await createUser(srv.ctx, {
      org,
      role: "driver",
      driver: true,
      email: `eta-${Date.now()}@test.flota`,
    });
    const v = await createVehicle(srv.ctx, { org, driver: driver.id });
    const soon = formatInstantTime(Date.now() + 60_000, TZ);
    // about 3.6 hours' drive away (1° of latitude by the straight-line model): predicted late whatever the hour
    const job = await insertJob(srv.ctx, org.orgId, {
      name: "Far visit",
      latitude: 42.0,
      longitude: 19.0,
      scheduled_arrival: soon < "23:00" ? soon : "23:00",
      scheduled_departure: "23:59",
      vehicle_id: v.id,
      driver_id: driver.id,
    });
    const place = (time: Date) =>
      putVehicleState(srv.ctx, v.id, org.orgId, { lat: 41.0, lon: 19.0, last_fix_time: time });
    await place(new Date());
    const row = (html: string) => html.slice(html.indexOf(`data-job="${job.id}"`)).split("</tr>")[0];
    const en = row(await (await admin.get(`/route-planning/routing-dispatch/map?day=${today()}&lng=en`)).text());
    expect(en).toMatch(/data-live-eta="ok">\d\d:\d\d/);
    expect(en).toContain("Predicted late");
    const al = await (await admin.get(`/route-planning/routing-dispatch/scheduler?day=${today()}&lng=al`)).text();
    expect(al).toContain("<th>Mbërritja sipas pozicionit</th>");
    expect(row(al.slice(al.indexOf('data-testid="scheduler-plan"')))).toContain("Pritet me vonesë");

    const driverToken = await apiToken(srv, driver.email!, driver.password);
    const mine = async () =>
      (
        await (
          await fetch(`${srv.url}/api/route-planning/my/jobs`, {
            headers: { authorization: `Bearer ${driverToken}` },
          })
        ).json()
      ).jobs[0];
    expect(await mine()).toMatchObject({
      id: job.id,
      live_eta_status: "ok",
      live_eta: expect.stringMatching(/^\d\d:\d\d$/),
      predicted_late: true,
    });

    await place(new Date(Date.now() - 60 * 60_000));
    expect(await mine()).toMatchObject({ live_eta: null, live_eta_status: "no_position", predicted_late: false });
    expect(row(await (await admin.get(`/route-planning/routing-dispatch/map?day=${today()}&lng=en`)).text())).toContain(
      "No recent position",
    );
    expect(row(await (await admin.get(`/route-planning/routing-dispatch/map?day=${today()}&lng=al`)).text())).toContain(
      "Pa pozicion të fundit",
    );
    const doc = await (await fetch(`${srv.url}/api/openapi.json`)).json();
    expect(Object.keys(doc.components.schemas.RouteJob.properties)).toEqual(
      expect.arrayContaining(["live_eta", "live_eta_status", "predicted_late"]),
    );
  });
});
