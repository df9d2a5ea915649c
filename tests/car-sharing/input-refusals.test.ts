import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../server/shared/dates";
import { apiToken } from "../support/api-auth";
import { createTestOrg, type TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { FormClient, startSignedIn, type TestServer } from "../support/server";
import { person, poolVehicle, purpose, TZ } from "./helpers";

/** Issue 22: input that used to be dropped silently is refused with a clear error, and nothing changes. */

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
let token: string;
let purposeId: string;
let pool: string[];
const day = () => addDays(todayIn(TZ), 2);

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
  pool = [(await poolVehicle(srv.ctx, org)).id, (await poolVehicle(srv.ctx, org)).id];
  purposeId = (await purpose(srv.ctx, org)).id;
  token = await apiToken(srv, org.adminEmail, org.adminPassword);
});
afterAll(async () => srv?.close());

const poolNow = async () =>
  (
    await srv.ctx.db
      .selectFrom("car_sharing_vehicles")
      .select("vehicle_id")
      .where("org_id", "=", org.orgId)
      .orderBy("vehicle_id")
      .execute()
  ).map((r) => r.vehicle_id);

describe("car-sharing pool settings", () => {
  it("refuses a vehicle id that is not one of the organisation's, changes nothing, and audits the pool before", async () => {
    const stranger = await createTestOrg(srv.ctx);
    const foreign = (await createVehicle(srv.ctx, { org: stranger })).id;
    const before = await poolNow();
    expect(before).toEqual([...pool].sort());
    for (const ids of [[foreign], [pool[0], foreign], ["00000000-0000-4000-8000-000000000000"], ["not-an-id"]]) {
      const res = await admin.post("/car-sharing/settings/vehicles", { vehicle_ids: ids });
      expect(res.status, ids.join()).toBe(400);
      expect(await res.text(), ids.join()).toContain("not one of the organisation&#x27;s vehicles");
      expect(await poolNow()).toEqual(before);
    }
    // a valid save keeps working, and its audit row carries the pool before the change
    const ok = await admin.post("/car-sharing/settings/vehicles", { vehicle_ids: [pool[0]] });
    expect(ok.status).toBe(302);
    expect(await poolNow()).toEqual([pool[0]]);
    const row = await srv.ctx.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("org_id", "=", org.orgId)
      .where("entity_type", "=", "car_sharing_settings")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect((row.before as { pool_vehicles: string[] }).pool_vehicles.sort()).toEqual(before);
    expect((row.after as { pool_vehicles: string[] }).pool_vehicles).toEqual([pool[0]]);
    // restore for the next test
    expect((await admin.post("/car-sharing/settings/vehicles", { vehicle_ids: pool })).status).toBe(302);
  });
});

describe("booking passengers", () => {
  const body = (passengers: unknown) => ({
    vehicle_id: pool[1],
    type: "shared",
    destination: "Vlorë",
    purpose: purposeId,
    start: `${day()} 13:00`,
    end: `${day()} 14:00`,
    passengers,
  });
  const bookingsNow = async () =>
    Number(
      (
        await srv.ctx.db
          .selectFrom("bookings")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("org_id", "=", org.orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses a negative or non-integer count (or any non-user) through the API instead of ignoring it", async () => {
    const before = await bookingsNow();
    for (const passengers of [-1, 2.5, "-3", [2], ["1.5"], true]) {
      const res = await fetch(`${srv.url}/api/car-sharing/bookings`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body(passengers)),
      });
      expect(res.status, JSON.stringify(passengers)).toBe(400);
      const err = await res.json();
      expect(err.details.violations, JSON.stringify(passengers)).toContainEqual({
        code: "invalid",
        field: "passengers",
      });
    }
    expect(await bookingsNow()).toBe(before);
    // a real passenger, or none, books
    const rider = await person(srv.ctx, org, "driver", "Rider");
    for (const passengers of [[rider.id], []]) {
      const res = await fetch(`${srv.url}/api/car-sharing/bookings`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          ...body(passengers),
          start: `${day()} ${passengers.length ? "15" : "17"}:00`,
          end: `${day()} ${passengers.length ? "16" : "18"}:00`,
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
  });

  it("refuses them in the web form, next to the field, in both languages", async () => {
    const before = await bookingsNow();
    const res = await admin.post("/car-sharing/bookings/new", {
      ...body("-1"),
      passengers: ["-1", "2.5"],
      start: `${day()} 19:00`,
      end: `${day()} 20:00`,
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="passengers"[^>]*aria-invalid="true"/);
    expect(html).toContain("The value is not valid.");
    const al = await admin.post("/car-sharing/bookings/new?lng=al", {
      ...body("-1"),
      passengers: "-1",
      start: `${day()} 19:00`,
      end: `${day()} 20:00`,
    });
    expect(al.status).toBe(400);
    expect(await al.text()).toContain("Vlera nuk është e vlefshme.");
    expect(await bookingsNow()).toBe(before);
  });
});
