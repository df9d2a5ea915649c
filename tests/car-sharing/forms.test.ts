import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../server/shared/dates";
import { principalFor, type TestOrg } from "../support/context";
import { FormClient, startSignedIn, type TestServer } from "../support/server";
import { person, poolVehicle, purpose, TZ } from "./helpers";

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
let vehicleId: string;
let registration: string;
let purposeId: string;
const day = () => addDays(todayIn(TZ), 2);

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
  const v = await poolVehicle(srv.ctx, org);
  [vehicleId, registration] = [v.id, v.registration];
  purposeId = (await purpose(srv.ctx, org)).id;
});
afterAll(async () => srv?.close());

describe("car sharing without JavaScript", () => {
  it("/car-sharing opens the calendar: a Sunday-first week of the pool with free slots linking to a new booking, in both languages", async () => {
    const res = await admin.get("/car-sharing");
    expect(res.headers.get("location")).toBe("/car-sharing/calendar");
    const html = await (await admin.get(`/car-sharing/calendar?week=2030-03-06`)).text();
    expect(html).toContain(registration);
    expect(html).toContain("2030-03-03"); // the Sunday of that week
    expect(html).toContain(`/car-sharing/bookings/new?vehicle=${vehicleId}&amp;start=2030-03-03%2008%3A00`);
    expect(html).toContain("Europe/Tirane");
    // a past week proposes no booking
    expect(await (await admin.get("/car-sharing/calendar?week=2020-01-08")).text()).not.toContain(
      'data-testid="free-slot"',
    );
    const al = await (await admin.get("/car-sharing/calendar?lng=al")).text();
    expect(al).toContain("Kalendari");
    expect(al).toContain("E diel");
  });

  it("refuses a booking with every violated rule next to its field, translated, and keeps the values", async () => {
    const res = await admin.post("/car-sharing/bookings/new", {
      vehicle_id: vehicleId,
      type: "shared",
      destination: "",
      purpose: "other",
      other_reason: "",
      start: `${day()} 10:00`,
      end: `${day()} 09:00`,
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const code of ["DESTINATION_REQUIRED", "OTHER_REASON_REQUIRED", "END_BEFORE_START"])
      expect(html).toContain(`data-code="${code}"`);
    expect(html).toContain("Enter the destination.");
    expect(html).toContain("The end must come after the start.");
    expect(html).toContain(`value="${day()} 10:00"`);
  });

  it("books from a free slot, shows the details, and cancels after a confirmation (permanent)", async () => {
    const res = await admin.post("/car-sharing/bookings/new", {
      user_id: org.adminId,
      vehicle_id: vehicleId,
      type: "personal",
      destination: "Vlorë",
      purpose: purposeId,
      start: `${day()} 10:00`,
      end: `${day()} 12:00`,
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/car-sharing\/bookings\/[0-9a-f-]{36}\?created=1$/);
    const id = location.split("/")[3].split("?")[0];
    const details = await (await admin.get(location)).text();
    expect(details).toContain("Approved");
    expect(details).toContain("Vlorë");
    const again = await admin.post("/car-sharing/bookings/new", {
      user_id: org.adminId,
      vehicle_id: vehicleId,
      type: "shared",
      destination: "x",
      purpose: purposeId,
      start: `${day()} 11:00`,
      end: `${day()} 13:00`,
    });
    expect(again.status).toBe(409);
    const refused = await again.text();
    expect(refused).toContain('data-code="VEHICLE_OVERLAP"');
    expect(refused).toContain('data-code="USER_TIME_OVERLAP"');
    const confirm = await (await admin.get(`/car-sharing/bookings/${id}?cancel=1`)).text();
    expect(confirm).toContain("Cancellation is permanent");
    const cancel = await admin.post(`/car-sharing/bookings/${id}`, { intent: "cancel" });
    expect(cancel.status).toBe(302);
    expect(await (await admin.get(`/car-sharing/bookings/${id}`)).text()).toContain("Cancelled");
    const twice = await admin.post(
      `/car-sharing/bookings/${id}`,
      { intent: "cancel" },
      { from: `/car-sharing/bookings/${id}` },
    );
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("Failed to cancel booking");
  });

  it("history: tabs, server search and CSV export", async () => {
    const u = await person(srv.ctx, org, "driver", "Historia");
    const p = await principalFor(srv.ctx, org.adminId);
    const { createBooking } = await import("../../server/modules/car-sharing/bookings.service");
    await createBooking(srv.ctx, p, {
      user_id: u.id,
      vehicle_id: vehicleId,
      type: "shared",
      destination: "Shkodër",
      purpose: purposeId,
      start: `${day()} 15:00`,
      end: `${day()} 16:00`,
    });
    const all = await (await admin.get("/car-sharing/history?q=shkod")).text();
    expect(all).toContain("Shkodër");
    expect(all).not.toContain("Vlorë");
    expect(await (await admin.get("/car-sharing/history?tab=cancelled")).text()).toContain("Vlorë");
    expect(await (await admin.get("/car-sharing/history?tab=cancelled")).text()).not.toContain("Shkodër");
    const csv = await admin.get("/car-sharing/history.csv?tab=all&sort=start&dir=asc");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.split("\r\n")[0]).toBe("id,vehicle,user,type,destination,purpose,start,end,status,distance_km,my_role");
    expect(text).toContain("Shkodër");
    expect(text).toContain(`${day()} 15:00`);
  });

  it("settings: general settings save with the spec's options; a wrong value answers the spec's message", async () => {
    const res = await admin.get("/car-sharing/settings");
    expect(res.headers.get("location")).toBe("/car-sharing/settings/general-settings");
    const html = await (await admin.get("/car-sharing/settings/general-settings")).text();
    for (const v of [15, 30, 45, 60, 90, 120]) expect(html).toContain(`<option value="${v}">${v} minutes</option>`);
    const hours = Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
        [`open_${d}`, "on"],
        [`from_${d}`, "00:00"],
        [`to_${d}`, "24:00"],
      ]),
    );
    const ok = await admin.post("/car-sharing/settings/general-settings", {
      min_duration_min: "45",
      max_duration_min: "600",
      advance_days: "14",
      max_future_bookings: "2",
      min_lead_min: "15",
      reminder_min: "60",
      no_show_grace_min: "30",
      ...hours,
    });
    expect(ok.status).toBe(302);
    const row = await srv.ctx.db
      .selectFrom("car_sharing_settings")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      min_duration_min: 45,
      max_duration_min: 600,
      advance_days: 14,
      max_future_bookings: 2,
      min_lead_min: 15,
      reminder_min: 60,
    });
    const bad = await admin.post("/car-sharing/settings/general-settings", {
      min_duration_min: "20",
      max_duration_min: "600",
      advance_days: "14",
      max_future_bookings: "2",
      min_lead_min: "15",
      reminder_min: "60",
      ...hours,
    });
    expect(bad.status).toBe(409);
    expect(await bad.text()).toContain("Failed to save booking settings");
    for (const tab of ["vehicles", "users", "entries", "specific-rules"])
      expect((await admin.get(`/car-sharing/settings/${tab}`)).status).toBe(200);
  });

  it("booking users: each row's checkbox and save button belong to the row's form, which holds the scope", async () => {
    const html = await (await admin.get("/car-sharing/settings/users")).text();
    const forms = [...html.matchAll(/<form[^>]*id="(booking-user-[^"]+)"[^>]*>([\s\S]*?)<\/form>/g)];
    expect(forms.length).toBeGreaterThan(0);
    for (const [, id, body] of forms) {
      expect(body).toContain('name="notification_scope"');
      expect(html).toMatch(new RegExp(`<input type="checkbox" form="${id}"[^>]*name="may_book"`));
      expect(html).toMatch(new RegExp(`<button type="submit" form="${id}" class="button">Save</button>`));
    }
  });

  it("entries: deleting a purpose in use gives the delete failure", async () => {
    const res = await admin.post("/car-sharing/settings/entries", { intent: "delete", id: purposeId });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Failed to delete the purpose");
  });

  it("entries and specific rules are added and deleted with plain forms; a rule already gone answers the delete failure", async () => {
    expect(
      (await admin.post("/car-sharing/settings/entries", { intent: "save", kind: "destination", label: "Pogradec" }))
        .status,
    ).toBe(302);
    expect(await (await admin.get("/car-sharing/settings/entries")).text()).toContain("Pogradec");
    const u = await person(srv.ctx, org, "driver", "Rregull");
    expect(
      (
        await admin.post("/car-sharing/settings/specific-rules", {
          intent: "save",
          user_id: u.id,
          min_duration_min: "15",
          max_duration_min: "",
        })
      ).status,
    ).toBe(302);
    const rule = await srv.ctx.db
      .selectFrom("car_sharing_rules")
      .selectAll()
      .where("user_id", "=", u.id)
      .executeTakeFirstOrThrow();
    expect(rule).toMatchObject({ min_duration_min: 15, max_duration_min: null, allowed_hours: null });
    expect(await (await admin.get("/car-sharing/settings/specific-rules")).text()).toContain(`Rregull ${u.last_name}`);
    expect((await admin.post("/car-sharing/settings/specific-rules", { intent: "delete", id: rule.id })).status).toBe(
      302,
    );
    const again = await admin.post("/car-sharing/settings/specific-rules", { intent: "delete", id: rule.id });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Failed to delete the rule.");
  });

  it("a driver books only for themselves and never sees the settings", async () => {
    const d = await person(srv.ctx, org, "driver");
    const c = new FormClient(srv.url);
    await c.login(d.email!, d.password);
    expect((await c.get("/car-sharing/settings/general-settings")).status).toBe(403);
    const form = await (await c.get("/car-sharing/bookings/new")).text();
    expect(form).not.toContain('name="user_id"');
    const res = await c.post("/car-sharing/bookings/new", {
      vehicle_id: vehicleId,
      type: "shared",
      destination: "Korçë",
      purpose: purposeId,
      start: `${day()} 18:00`,
      end: `${day()} 19:00`,
    });
    expect(res.status).toBe(302);
    const viewer = await person(srv.ctx, org, "viewer");
    const v = new FormClient(srv.url);
    await v.login(viewer.email!, viewer.password);
    expect((await v.get("/car-sharing/bookings/new")).status).toBe(403);
  });
});
