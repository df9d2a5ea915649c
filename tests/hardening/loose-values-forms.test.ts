import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeRules } from "../../server/modules/route-planning/route-planning.settings";
import { addDays, todayIn } from "../../server/shared/dates";
import { poolVehicle, purpose, TZ } from "../car-sharing/helpers";
import type { TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { type FormClient, startSignedIn, type TestServer } from "../support/server";

/**
 * Issue 51, item 9, in the web forms without JavaScript: a ticked checkbox posts "on", an unticked one nothing, and
 * both keep working; any other value is refused next to its field (400), as are a too long destination and search.
 */

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
  admin.cookies.set("lng", "en");
});
afterAll(async () => srv?.close());

const INVALID = { en: "The value is not valid.", al: "Vlera nuk është e vlefshme." };

describe("route-planning settings", () => {
  const form = (over: Record<string, string>) => ({
    checkin_radius_m: "150",
    checkout_radius_m: "150",
    self_assign_radius_m: "2000",
    late_grace_min: "20",
    attendance_start_threshold: "09:00",
    ...over,
  });

  it('save ticked ("on") and unticked (absent) boxes, and refuse any other value beside the field', async () => {
    const ticked = await admin.post("/route-planning/settings", {
      ...form({}),
      self_assign_jobs: "on",
      attendance_enabled: "on",
    });
    expect(ticked.status).toBe(200);
    expect(await routeRules(srv.ctx, org.orgId)).toMatchObject({ self_assign_jobs: true, attendance_enabled: true });
    for (const field of ["self_assign_jobs", "attendance_enabled"])
      for (const lng of ["en", "al"] as const) {
        const res = await admin.post(`/route-planning/settings?lng=${lng}`, { ...form({}), [field]: "maybe" });
        expect(res.status, field).toBe(400);
        const html = await res.text();
        expect(html).toContain(`id="${field}-error"`);
        expect(html).toContain(INVALID[lng]);
      }
    // a blank grace is "required", not 0 minutes
    const blank = await admin.post("/route-planning/settings", {
      ...form({ late_grace_min: "" }),
      self_assign_jobs: "on",
    });
    expect(blank.status).toBe(400);
    expect(await routeRules(srv.ctx, org.orgId)).toMatchObject({
      self_assign_jobs: true,
      attendance_enabled: true,
      late_grace_min: 20,
    });
    expect((await admin.post("/route-planning/settings", form({}))).status).toBe(200);
    expect(await routeRules(srv.ctx, org.orgId)).toMatchObject({ self_assign_jobs: false, attendance_enabled: false });
  });

  it("the organisation's settings page refuses them too", async () => {
    const res = await admin.post("/configuration/settings", {
      checkin_radius_m: "150",
      checkout_radius_m: "150",
      attendance_start_threshold: "09:00",
      attendance_enabled: "maybe",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('aria-describedby="attendance_enabled-error"');
    expect(html).toContain('id="attendance_enabled-error"');
    expect(html).toContain(INVALID.en);
  });
});

describe("other checkboxes of the forms", () => {
  it("a fuel report's full tank", async () => {
    const v = await createVehicle(srv.ctx, { org });
    const fill = {
      vehicle_id: v.id,
      filled_on: addDays(todayIn(TZ), -3),
      liters: "40",
      odometer_km: "50000",
    };
    const refused = await admin.post("/maintenance/fuel/add", { ...fill, full_tank: "maybe" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('id="full_tank-error"');
    expect(html).toContain(INVALID.en);
    expect((await admin.post("/maintenance/fuel/add", { ...fill, full_tank: "on" })).status).toBe(302);
    expect((await admin.post("/maintenance/fuel/add", { ...fill, odometer_km: "50100" })).status).toBe(302);
    const rows = await srv.ctx.db
      .selectFrom("maintenance_fuel_reports")
      .select("full_tank")
      .where("vehicle_id", "=", v.id)
      .orderBy("odometer_km")
      .execute();
    expect(rows).toEqual([{ full_tank: true }, { full_tank: false }]);
  });

  it("the car-sharing days open for booking", async () => {
    const hours = (open: string) =>
      Object.fromEntries(
        [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
          [`open_${d}`, d === 3 ? open : "on"],
          [`from_${d}`, "08:00"],
          [`to_${d}`, "18:00"],
        ]),
      );
    const settings = {
      min_duration_min: "30",
      max_duration_min: "600",
      advance_days: "14",
      max_future_bookings: "2",
      min_lead_min: "15",
      reminder_min: "60",
      no_show_grace_min: "30",
    };
    const stored = () =>
      srv.ctx.db
        .selectFrom("car_sharing_settings")
        .select("allowed_hours")
        .where("org_id", "=", org.orgId)
        .executeTakeFirst();
    expect((await admin.post("/car-sharing/settings/general-settings", { ...settings, ...hours("on") })).status).toBe(
      302,
    );
    const before = await stored();
    // the page answers every refusal with the spec's "Failed to save booking settings" (409), and keeps the hours
    const res = await admin.post("/car-sharing/settings/general-settings", { ...settings, ...hours("maybe") });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Failed to save booking settings");
    expect(await stored()).toEqual(before);
    // a blank option is no "0 minutes" lead time
    const blank = await admin.post("/car-sharing/settings/general-settings", {
      ...settings,
      ...hours("on"),
      min_lead_min: "",
    });
    expect(blank.status).toBe(409);
    // an unticked day (absent) is closed
    const closed = { ...settings, ...hours("on") };
    delete (closed as Record<string, string>).open_3;
    expect((await admin.post("/car-sharing/settings/general-settings", closed)).status).toBe(302);
    expect(((await stored())?.allowed_hours as unknown[])[3]).toBeNull();
  });

  it("a specific rule's own hours", async () => {
    const [u] = await srv.ctx.db.selectFrom("users").select("id").where("org_id", "=", org.orgId).execute();
    const rule = { intent: "save", user_id: u.id, min_duration_min: "15" };
    expect((await admin.post("/car-sharing/settings/specific-rules", { ...rule, custom_hours: "maybe" })).status).toBe(
      400,
    );
    expect(
      await srv.ctx.db.selectFrom("car_sharing_rules").select("id").where("org_id", "=", org.orgId).execute(),
    ).toEqual([]);
    expect((await admin.post("/car-sharing/settings/specific-rules", rule)).status).toBe(302);
  });

  it("a vehicle-check item's photo", async () => {
    const row = { rows: "1", preset_0: "", label_0: "Mirrors" };
    expect((await admin.post("/maintenance/vehicle-check", { ...row, photo_0: "maybe" })).status).toBe(400);
    expect((await admin.post("/maintenance/vehicle-check", { ...row, photo_0: "on" })).status).toBe(200);
    const items = await srv.ctx.db
      .selectFrom("vehicle_check_items")
      .select(["label", "photo"])
      .where("org_id", "=", org.orgId)
      .execute();
    expect(items).toEqual([{ label: "Mirrors", photo: true }]);
  });

  it('a person\'s active box after its hidden "false" still counts by the last value', async () => {
    const person = (active: string[]) => ({
      first_name: "Hidden",
      last_name: `False ${active.join("-") || "none"}`,
      email: `hidden-${active.length}-${Date.now()}@example.test`,
      password: "a-long-password-1",
      role_id: org.roles.viewer,
      vehicle_access: "all",
      default_language: "en",
      active,
    });
    for (const [active, stored] of [
      [["false", "true"], true],
      [["false"], false],
    ] as const) {
      const res = await admin.post("/configuration/users/add", person([...active]));
      expect(res.status, active.join()).toBe(302);
      const row = await srv.ctx.db
        .selectFrom("users")
        .select("active")
        .where("org_id", "=", org.orgId)
        .where("last_name", "=", `False ${active.join("-")}`)
        .executeTakeFirstOrThrow();
      expect(row.active, active.join()).toBe(stored);
    }
    expect((await admin.post("/configuration/users/add", person(["false", "maybe"]))).status).toBe(400);
  });
});

describe("text that does not fit", () => {
  it("the search page refuses more than 100 characters with a message, in both languages", async () => {
    const long = "a".repeat(101);
    const en = await admin.get(`/search?q=${long}`);
    expect(en.status).toBe(400);
    expect(await en.text()).toContain("The search can be at most 100 characters long.");
    const al = await admin.get(`/search?q=${long}&lng=al`);
    expect(al.status).toBe(400);
    expect(await al.text()).toContain("Kërkimi mund të ketë deri në 100 shkronja.");
    const most = await admin.get(`/search?q=${"a".repeat(100)}`);
    expect(most.status).toBe(200);
    expect(await most.text()).toContain('data-testid="search-none"');
  });

  it("the booking form refuses a destination longer than 200 characters beside the field, and keeps nothing", async () => {
    const [vehicle, trip] = await Promise.all([poolVehicle(srv.ctx, org), purpose(srv.ctx, org)]);
    const day = addDays(todayIn(TZ), 2);
    const res = await admin.post("/car-sharing/bookings/new", {
      vehicle_id: vehicle.id,
      type: "personal",
      destination: "x".repeat(100_000),
      purpose: trip.id,
      start: `${day} 13:00`,
      end: `${day} 14:00`,
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="destination"[^>]*aria-invalid="true"/);
    expect(html).toContain("The text is too long.");
    const booked = await srv.ctx.db.selectFrom("bookings").select("id").where("org_id", "=", org.orgId).execute();
    expect(booked).toEqual([]);
  });
});
