import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBooking } from "../../server/modules/car-sharing/bookings.service";
import { formatInstant } from "../../server/shared/dates";
import { principalFor, type TestOrg } from "../support/context";
import { createPlace } from "../support/factories";
import { startSignedIn, type FormClient, type TestServer } from "../support/server";
import { person, poolVehicle, purpose, TZ } from "./helpers";

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
const MIN = 60_000;

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
});
afterAll(async () => srv?.close());

describe("early returns without JavaScript", () => {
  it("the vehicles tab picks each pool vehicle's base from the organisation's geofences, in both languages", async () => {
    const v = await poolVehicle(srv.ctx, org);
    const depot = await createPlace(srv.ctx, { org, kind: "geofence", name: "Depo Qendrore" });
    const html = await (await admin.get("/car-sharing/settings/vehicles")).text();
    expect(html).toContain(`name="base_${v.id}"`);
    expect(html).toContain(">No base</option>");
    expect(html).toContain(`<option value="${depot.id}">Depo Qendrore</option>`);
    expect(await (await admin.get("/car-sharing/settings/vehicles?lng=al")).text()).toContain(">Pa bazë</option>");
    const res = await admin.post("/car-sharing/settings/vehicles", { vehicle_ids: [v.id], [`base_${v.id}`]: depot.id });
    expect(res.status).toBe(302);
    const row = await srv.ctx.db
      .selectFrom("car_sharing_vehicles")
      .select("base_place_id")
      .where("vehicle_id", "=", v.id)
      .executeTakeFirstOrThrow();
    expect(row.base_place_id).toBe(depot.id);
    expect(await (await admin.get("/car-sharing/settings/vehicles")).text()).toMatch(
      new RegExp(`<option value="${depot.id}" selected="">Depo Qendrore</option>`),
    );
    // a geofence that is not the organisation's answers the settings failure and stores nothing
    const foreign = await createPlace(srv.ctx, { kind: "geofence" });
    const bad = await admin.post("/car-sharing/settings/vehicles", {
      vehicle_ids: [v.id],
      [`base_${v.id}`]: foreign.id,
    });
    expect(bad.status).toBe(409);
    expect(await bad.text()).toContain("Failed to save booking settings");
    const after = await srv.ctx.db
      .selectFrom("car_sharing_vehicles")
      .select("base_place_id")
      .where("vehicle_id", "=", v.id)
      .executeTakeFirstOrThrow();
    expect(after.base_place_id).toBe(depot.id);
  });

  it("the general settings choose the rest minutes", async () => {
    const html = await (await admin.get("/car-sharing/settings/general-settings")).text();
    expect(html).toContain('name="return_rest_min"');
    expect(html).toContain("Complete a returned booking after the ignition is off in the base for");
    expect(await (await admin.get("/car-sharing/settings/general-settings?lng=al")).text()).toContain(
      "Përfundo rezervimin e kthyer",
    );
    const hours = Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
        [`open_${d}`, "on"],
        [`from_${d}`, "00:00"],
        [`to_${d}`, "24:00"],
      ]),
    );
    const ok = await admin.post("/car-sharing/settings/general-settings", {
      min_duration_min: "30",
      max_duration_min: "480",
      advance_days: "30",
      max_future_bookings: "3",
      min_lead_min: "0",
      reminder_min: "30",
      no_show_grace_min: "30",
      return_rest_min: "15",
      ...hours,
    });
    expect(ok.status).toBe(302);
    const row = await srv.ctx.db
      .selectFrom("car_sharing_settings")
      .select("return_rest_min")
      .where("org_id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    expect(row.return_rest_min).toBe(15);
  });

  it("a booking completed by an early return shows Completed and when it came back; the API carries returned_at", async () => {
    const v = await poolVehicle(srv.ctx, org);
    const u = await person(srv.ctx, org, "driver", "Kthimi");
    const purposeId = (await purpose(srv.ctx, org)).id;
    const start = new Date(Math.floor(Date.now() / MIN) * MIN - 120 * MIN);
    const back = new Date(start.getTime() + 50 * MIN);
    const b = await srv.ctx.db
      .insertInto("bookings")
      .values({
        org_id: org.orgId,
        user_id: u.id,
        vehicle_id: v.id,
        type: "shared",
        destination: "Berat",
        purpose_id: purposeId,
        starts_at: start,
        ends_at: new Date(start.getTime() + 240 * MIN),
        created_by: org.adminId,
        status: "completed",
        activated_at: start,
        completed_at: back,
        distance_km: "8.5",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const html = await (await admin.get(`/car-sharing/bookings/${b.id}`)).text();
    expect(html).toMatch(new RegExp(`>Completed(<!-- -->)? · Returned early at ${formatInstant(back, TZ)}<`));
    expect(await (await admin.get(`/car-sharing/bookings/${b.id}?lng=al`)).text()).toContain(
      `Kthyer më herët në ${formatInstant(back, TZ)}`,
    );
    const dto = await getBooking(srv.ctx, await principalFor(srv.ctx, org.adminId), b.id);
    expect(dto).toMatchObject({ status: "completed", returned_at: back.toISOString() });
    // the day view shows the car free again from its return
    const day = formatInstant(back, TZ).slice(0, 10);
    const grid = await (await admin.get(`/car-sharing/calendar/day?date=${day}`)).text();
    expect(grid).toMatch(new RegExp(`–(<!-- -->)?${formatInstant(back, TZ).slice(11)}<`));
  });
});
