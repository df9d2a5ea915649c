import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../server/shared/dates";
import { poolVehicle, purpose, TZ } from "../car-sharing/helpers";
import { bearerHeaders } from "../support/api-auth";
import { createTestOrg, type TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Issue 51, item 9: a value of the wrong kind is refused with a 400 that names its field (error VALIDATION), never
 * read as false, as none, or cut short. Through the JSON API; the web forms are in loose-values-forms.test.ts.
 */

let srv: TestServer;
let org: TestOrg;
let headers: Record<string, string>;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  headers = await bearerHeaders(srv, org.adminEmail, org.adminPassword);
});
afterAll(async () => srv?.close());

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${srv.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

/**
 * The answer is a 400 VALIDATION whose `fields` (or, for bookings, `details.fields`) names the field (or an item of
 * it: "dates.0"); the field's messages.
 */
async function expectRefused(res: Response, field: string, label = field) {
  const body = await res.json();
  expect(res.status, `${label}: ${JSON.stringify(body)}`).toBe(400);
  expect(body.error, label).toBe("VALIDATION");
  const fields = (body.fields ?? body.details?.fields ?? {}) as Record<string, string[]>;
  const named = Object.keys(fields).filter((k) => k === field || k.startsWith(`${field}.`));
  expect(named, `${label}: ${JSON.stringify(fields)}`).not.toEqual([]);
  return named.flatMap((k) => fields[k]);
}

const count = async (table: "forwarding_targets" | "maintenance_fuel_reports" | "route_jobs" | "bookings") =>
  Number(
    (
      await srv.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("org_id", "=", org.orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const NOT_YES_OR_NO: unknown[] = ["maybe", "yes", " on", 2, {}, [], ["maybe"]];

describe("yes/no fields accept true/false (and a form's on/true/false/1/0) and refuse anything else", () => {
  it("forwarding: active", async () => {
    const target = { name: "Loose", kind: "http", url: "https://203.0.113.10/positions" };
    const before = await count("forwarding_targets");
    for (const active of NOT_YES_OR_NO)
      await expectRefused(
        await call("POST", "/api/forwarding", { ...target, active }),
        "active",
        JSON.stringify(active),
      );
    expect(await count("forwarding_targets")).toBe(before);
    const accepted = [
      [false, false],
      ["false", false],
      ["0", false],
      [true, true],
      ["on", true],
      [undefined, true],
    ] as const;
    for (const [n, [active, stored]] of accepted.entries()) {
      const res = await call("POST", "/api/forwarding", { ...target, name: `Loose ${n}`, active });
      expect(res.status, String(active)).toBe(201);
      const saved = await res.json();
      expect(saved.active, String(active)).toBe(stored);
      await expectRefused(await call("PUT", `/api/forwarding/${saved.id}`, { ...target, active: "maybe" }), "active");
    }
  });

  it("organisation settings: attendance_enabled and self_assign_jobs (and a radius given as a list)", async () => {
    const settings = {
      attendance_enabled: true,
      attendance_start_threshold: "10:00",
      checkin_radius_m: 100,
      checkout_radius_m: 100,
      self_assign_jobs: true,
    };
    expect((await call("PUT", "/api/settings", settings)).status).toBe(200);
    for (const field of ["attendance_enabled", "self_assign_jobs"])
      for (const v of NOT_YES_OR_NO)
        await expectRefused(await call("PUT", "/api/settings", { ...settings, [field]: v }), field, `${field} ${v}`);
    await expectRefused(
      await call("PUT", "/api/settings", { ...settings, checkin_radius_m: [50] }),
      "checkin_radius_m",
    );
    // nothing was turned off by the refused values
    expect(await (await call("GET", "/api/settings")).json()).toMatchObject({
      attendance_enabled: true,
      self_assign_jobs: true,
      checkin_radius_m: 100,
    });
    expect((await call("PUT", "/api/settings", { ...settings, attendance_enabled: "false" })).status).toBe(200);
    expect((await (await call("GET", "/api/settings")).json()).attendance_enabled).toBe(false);
  });

  it("a fuel report: full_tank (and confirm_odometer)", async () => {
    const v = await createVehicle(srv.ctx, { org });
    const today = todayIn(TZ);
    const fill = { vehicle_id: v.id, filled_on: addDays(today, -3), liters: 40, odometer_km: 20_000 };
    const before = await count("maintenance_fuel_reports");
    for (const full_tank of NOT_YES_OR_NO)
      await expectRefused(
        await call("POST", "/api/maintenance/fuel", { ...fill, full_tank }),
        "full_tank",
        JSON.stringify(full_tank),
      );
    await expectRefused(
      await call("POST", "/api/maintenance/fuel", { ...fill, confirm_odometer: "maybe" }),
      "confirm_odometer",
    );
    expect(await count("maintenance_fuel_reports")).toBe(before);
    const ok = await call("POST", "/api/maintenance/fuel", { ...fill, full_tank: true });
    expect(ok.status).toBe(201);
    expect((await ok.json()).full_tank).toBe(true);
  });

  it("an alert policy: active and the channels; its days and e-mails of the wrong kind", async () => {
    const policy = {
      name: "Loose policy",
      alert_type: "speeding",
      speed_limit_kmh: 90,
      all_vehicles: true,
      days: ["1", "2"],
      notify_in_app: true,
      recipient_ids: [org.adminId],
    };
    for (const field of ["active", "all_vehicles", "notify_in_app", "notify_email"])
      await expectRefused(await call("POST", "/api/alerts/policies", { ...policy, [field]: "maybe" }), field);
    await expectRefused(await call("POST", "/api/alerts/policies", { ...policy, days: [true] }), "days");
    await expectRefused(
      await call("POST", "/api/alerts/policies", { ...policy, notify_email: true, emails: 5 }),
      "emails",
    );
    expect((await call("POST", "/api/alerts/policies", policy)).status).toBe(201);
  });

  it("a report e-mail schedule: active, and an hour that is no number", async () => {
    const schedule = {
      name: "Loose schedule",
      report_type: "trips",
      hour: 7,
      time_range: "previous_week",
      interval: "weekly",
      weekday: 1,
      emails: ["boss@example.test"],
    };
    await expectRefused(await call("POST", "/api/analytics/schedules", { ...schedule, active: "maybe" }), "active");
    for (const hour of [true, "", null, [7]])
      await expectRefused(
        await call("POST", "/api/analytics/schedules", { ...schedule, hour }),
        "hour",
        JSON.stringify(hour),
      );
    expect((await call("POST", "/api/analytics/schedules", schedule)).status).toBe(201);
  });

  it("a person: is_driver, web_only and active", async () => {
    const driver = { first_name: "Loose", last_name: "Driver", role_id: org.roles.driver };
    for (const field of ["is_driver", "web_only", "active"])
      await expectRefused(await call("POST", "/api/drivers", { ...driver, [field]: "maybe" }), field);
    const ok = await call("POST", "/api/drivers", { ...driver, active: false });
    expect(ok.status, await ok.clone().text()).toBe(201);
  });

  it("video settings: retention days given as a list or a yes", async () => {
    for (const retentionDays of [[30], true, ""])
      await expectRefused(
        await call("PUT", "/api/video/settings", { retentionDays }),
        "retentionDays",
        JSON.stringify(retentionDays),
      );
    expect((await call("PUT", "/api/video/settings", { retentionDays: 30 })).status).toBe(200);
  });
});

describe("a route job's dates", () => {
  it("are a text or a list of days: an object, a number or a yes is refused, not ignored", async () => {
    const day = addDays(todayIn(TZ), 3);
    const job = {
      name: "Loose job",
      latitude: 41.33,
      longitude: 19.82,
      scheduled_date: day,
      scheduled_arrival: "09:00",
      scheduled_departure: "10:00",
    };
    const before = await count("route_jobs");
    for (const dates of [{ a: addDays(day, 1) }, 5, true, [5]])
      await expectRefused(
        await call("POST", "/api/route-planning/jobs", { ...job, dates }),
        "dates",
        JSON.stringify(dates),
      );
    await expectRefused(await call("POST", "/api/route-planning/jobs", { ...job, days: [{}] }), "days");
    expect(await count("route_jobs")).toBe(before);
    const ok = await call("POST", "/api/route-planning/jobs", { ...job, dates: [addDays(day, 1)] });
    expect(ok.status, await ok.clone().text()).toBe(201);
    expect((await ok.json()).ids).toHaveLength(2);
  });
});

describe("the search", () => {
  it("refuses more than 100 characters with a 400 naming q, instead of answering an empty list", async () => {
    const long = await call("GET", `/api/search?q=${"a".repeat(101)}`);
    expect(await expectRefused(long, "q")).toEqual(["errors.tooLong"]);
    const most = await call("GET", `/api/search?q=${"a".repeat(100)}`);
    expect(most.status).toBe(200);
    expect(await most.json()).toEqual({ q: "a".repeat(100), groups: [] });
  });
});

describe("a booking", () => {
  it("refuses a destination or other reason too long to keep, and a notify_users that is no yes/no", async () => {
    const [vehicle, trip] = await Promise.all([poolVehicle(srv.ctx, org), purpose(srv.ctx, org)]);
    const day = addDays(todayIn(TZ), 2);
    const booking = {
      vehicle_id: vehicle.id,
      type: "personal",
      destination: "Vlorë",
      purpose: trip.id,
      start: `${day} 13:00`,
      end: `${day} 14:00`,
    };
    const before = await count("bookings");
    const post = (over: Record<string, unknown>) => call("POST", "/api/car-sharing/bookings", { ...booking, ...over });
    expect(await expectRefused(await post({ destination: "x".repeat(100_000) }), "destination")).toEqual([
      "errors.tooLong",
    ]);
    expect(await expectRefused(await post({ destination: "x".repeat(201) }), "destination")).toEqual([
      "errors.tooLong",
    ]);
    await expectRefused(await post({ purpose: "other", other_reason: "y".repeat(501) }), "other_reason");
    for (const notify_users of ["maybe", 3, {}])
      await expectRefused(await post({ notify_users }), "notify_users", JSON.stringify(notify_users));
    expect(await count("bookings")).toBe(before);
    const ok = await post({ destination: "x".repeat(200), notify_users: "on" });
    expect(ok.status, await ok.clone().text()).toBe(201);
    const stored = await srv.ctx.db
      .selectFrom("bookings")
      .select(["destination", "notify_users"])
      .where("org_id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ destination: "x".repeat(200), notify_users: true });
  });
});
