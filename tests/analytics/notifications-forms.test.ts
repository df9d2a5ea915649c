import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSchedule } from "../../server/modules/analytics/schedules/schedules.service";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { FormClient, startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let admin: FormClient;
let vehicles: Array<{ id: string; registration: string }>;
let otherScheduleId: string;

const byName = (name: string) =>
  srv.ctx.db
    .selectFrom("report_schedules")
    .selectAll()
    .where("org_id", "=", org.orgId)
    .where("name", "=", name)
    .executeTakeFirst();
const weekly = (over: Record<string, string | string[]> = {}): Record<string, string | string[]> => ({
  name: "Monday trips",
  report_type: "trips",
  hour: "7",
  time_range: "previous_week",
  interval: "weekly",
  weekday: "1",
  month_day: "1",
  vehicle_ids: [vehicles[0].id],
  user_ids: [org.adminId],
  emails: "Owner@Example.test, boss@example.test",
  active: "true",
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
    .limit(2)
    .execute();
  otherScheduleId = (
    await createSchedule(srv.ctx, await principalFor(srv.ctx, other.adminId), {
      name: "OTHERORG schedule",
      report_type: "trips",
      hour: 7,
      time_range: "yesterday",
      interval: "daily",
      emails: ["x@other.test"],
    })
  ).id;
});
afterAll(async () => srv?.close());

describe("report e-mail notifications without JavaScript", () => {
  it("lists nothing yet, offers a new one, and the form asks for every field, in both languages", async () => {
    const html = await (await admin.get("/analytics/notifications")).text();
    expect(html).toContain('data-testid="analytics-tabs"');
    expect(html).toContain("No report e-mails are scheduled yet.");
    expect(html).toContain('href="/analytics/notifications/add"');
    expect(html).not.toContain("OTHERORG");
    const form = await (await admin.get("/analytics/notifications/add")).text();
    for (const f of ["report_type", "hour", "time_range", "interval", "weekday", "month_day"])
      expect(form, f).toContain(`data-testid="field-${f}"`);
    for (const f of ["vehicle_ids", "team_ids", "driver_ids", "user_ids"])
      expect(form, f).toContain(`data-testid="${f}-list"`);
    expect(form).toContain('data-testid="field-emails"');
    // without JavaScript both the weekday and the day of the month are there, each saying when it is used
    expect(form).toContain("Used when the interval is weekly.");
    expect(form).toContain("Used when the interval is monthly.");
    const al = await (await admin.get("/analytics/notifications/add?lng=al")).text();
    expect(al).toContain("<h1>Njoftim i ri raporti</h1>");
    expect(al).toContain("Javën e kaluar");
  });

  it("refuses a notification without any e-mail with the spec's message, and keeps what was typed", async () => {
    const res = await admin.post("/analytics/notifications/add", weekly({ user_ids: [], emails: "" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("At least one e-mail must be chosen for e-mail notifications");
    expect(html).toContain('value="Monday trips"');
    expect(await byName("Monday trips")).toBeUndefined();
    const al = await admin.post("/analytics/notifications/add?lng=al", weekly({ user_ids: [], emails: "" }));
    expect(await al.text()).toContain("Duhet zgjedhur të paktën një e-mail për njoftimet me e-mail");
  });

  it("refuses the detailed vehicle report without exactly one vehicle", async () => {
    const res = await admin.post(
      "/analytics/notifications/add",
      weekly({ name: "Details", report_type: "vehicle_details", vehicle_ids: [] }),
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Choose a vehicle for this report.");
    expect(await byName("Details")).toBeUndefined();
  });

  it("creates, lists in words, edits and deletes a notification", async () => {
    const res = await admin.post("/analytics/notifications/add", weekly());
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/analytics/notifications?created=1");
    const saved = await byName("Monday trips");
    expect(saved).toMatchObject({
      report_type: "trips",
      hour: 7,
      time_range: "previous_week",
      interval: "weekly",
      weekday: 1,
      month_day: null,
      vehicle_ids: [vehicles[0].id],
      user_ids: [org.adminId],
      emails: ["owner@example.test", "boss@example.test"],
      active: true,
    });
    const list = await (await admin.get("/analytics/notifications?created=1")).text();
    expect(list).toContain("The notification was created.");
    expect(list).toContain("Weekly on Monday at 07:00");
    expect(list).toContain("3 recipients");
    const listAl = await (await admin.get("/analytics/notifications?lng=al")).text();
    expect(listAl).toContain("Çdo javë të hënë në 07:00");

    const form = await (await admin.get(`/analytics/notifications/edit/${saved!.id}`)).text();
    expect(form).toContain('value="Monday trips"');
    expect(form).toContain("owner@example.test\nboss@example.test");
    const edit = await admin.post(
      `/analytics/notifications/edit/${saved!.id}`,
      weekly({ interval: "monthly", month_day: "15", hour: "18", time_range: "previous_month", active: "false" }),
    );
    expect(edit.status).toBe(302);
    expect(await byName("Monday trips")).toMatchObject({
      interval: "monthly",
      month_day: 15,
      weekday: null,
      hour: 18,
      time_range: "previous_month",
      active: false,
    });
    expect(await (await admin.get("/analytics/notifications")).text()).toContain("Monthly on day 15 at 18:00");

    const del = await admin.post("/analytics/notifications", { intent: "delete", id: saved!.id });
    expect(del.headers.get("location")).toBe("/analytics/notifications?deleted=1");
    expect(await byName("Monday trips")).toBeUndefined();
  });

  it("another organisation's notification is not found and stays as it was; a viewer may look but not change", async () => {
    expect((await admin.get(`/analytics/notifications/edit/${otherScheduleId}`)).status).toBe(404);
    expect(
      (await admin.post(`/analytics/notifications/edit/${otherScheduleId}`, weekly({ name: "stolen" }))).status,
    ).toBe(404);
    expect((await admin.post("/analytics/notifications", { intent: "delete", id: otherScheduleId })).status).toBe(404);
    expect(
      await srv.ctx.db
        .selectFrom("report_schedules")
        .select("name")
        .where("id", "=", otherScheduleId)
        .executeTakeFirst(),
    ).toEqual({ name: "OTHERORG schedule" });
    const viewer = await createUser(srv.ctx, { org, role: "viewer" });
    const v = new FormClient(srv.url);
    await v.login(viewer.email!, viewer.password);
    const html = await (await v.get("/analytics/notifications")).text();
    expect(res200(html)).toBe(true);
    expect(html).not.toContain('href="/analytics/notifications/add"');
    expect((await v.get("/analytics/notifications/add")).status).toBe(403);
    expect(
      (await v.post("/analytics/notifications/add", weekly({ name: "Viewer's" }), { from: "/analytics/notifications" }))
        .status,
    ).toBe(403);
  });
});

const res200 = (html: string) => html.includes("<h1>Notifications</h1>");
