import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orgTimeZone } from "../../server/modules/organization/organization.service";
import { addDays, todayIn } from "../../server/shared/dates";
import { apiToken } from "../support/api-auth";
import type { TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { FormClient, startSignedIn, type TestServer } from "../support/server";

/**
 * Issue 22: a fill-up whose odometer is below an earlier fill-up of the vehicle is refused (ODOMETER_BELOW_PREVIOUS)
 * unless the user confirms the reading; a fill-up dated after today is refused (FUEL_DATE_IN_FUTURE). Form and API.
 */

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
let token: string;
let today: string;

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
  today = todayIn(await orgTimeZone(srv.ctx, org.orgId));
  token = await apiToken(srv, org.adminEmail, org.adminPassword);
});
afterAll(async () => srv?.close());

const api = (path: string, method: string, body: unknown) =>
  fetch(`${srv.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const count = async (vehicleId: string) =>
  (
    await srv.ctx.db
      .selectFrom("maintenance_fuel_reports")
      .select(["id", "odometer_km"])
      .where("vehicle_id", "=", vehicleId)
      .execute()
  ).length;

describe("fuel fill-ups through the API", () => {
  it("refuses a lower odometer than an earlier fill-up unless confirmed, and a date in the future", async () => {
    const v = await createVehicle(srv.ctx, { org });
    const fill = (over: Record<string, unknown>) => ({
      vehicle_id: v.id,
      filled_on: addDays(today, -10),
      liters: 40,
      odometer_km: 20_000,
      full_tank: true,
      ...over,
    });
    expect((await api("/api/maintenance/fuel", "POST", fill({}))).status).toBe(201);
    const lower = await api(
      "/api/maintenance/fuel",
      "POST",
      fill({ filled_on: addDays(today, -5), odometer_km: 19_500 }),
    );
    expect(lower.status).toBe(400);
    expect(await lower.json()).toMatchObject({
      error: "ODOMETER_BELOW_PREVIOUS",
      details: { field: "odometer_km", previous_km: 20_000, previous_date: addDays(today, -10) },
    });
    expect(await count(v.id)).toBe(1);
    const future = await api(
      "/api/maintenance/fuel",
      "POST",
      fill({ filled_on: addDays(today, 1), odometer_km: 21_000 }),
    );
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({ error: "FUEL_DATE_IN_FUTURE", details: { field: "filled_on" } });
    expect(await count(v.id)).toBe(1);
    // today and a higher reading pass; a confirmed lower reading is saved and still flagged
    expect((await api("/api/maintenance/fuel", "POST", fill({ filled_on: today, odometer_km: 20_400 }))).status).toBe(
      201,
    );
    const confirmed = await api(
      "/api/maintenance/fuel",
      "POST",
      fill({ filled_on: addDays(today, -5), odometer_km: 19_500, confirm_odometer: true }),
    );
    expect(confirmed.status).toBe(201);
    const saved = await confirmed.json();
    expect(await count(v.id)).toBe(3);
    const list = await (
      await fetch(`${srv.url}/api/maintenance/fuel?vehicle_id=${v.id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(list.items.find((r: { id: string }) => r.id === saved.id).flags).toContain("odometer_backwards");
    // an edit that lowers the reading below an earlier fill, or moves it into the future, is refused too
    const first = list.items.find((r: { odometer_km: number }) => r.odometer_km === 20_400);
    const patched = await api(`/api/maintenance/fuel/${first.id}`, "PATCH", { odometer_km: 100 });
    expect(patched.status).toBe(400);
    expect((await patched.json()).error).toBe("ODOMETER_BELOW_PREVIOUS");
    const moved = await api(`/api/maintenance/fuel/${first.id}`, "PATCH", { filled_on: addDays(today, 2) });
    expect((await moved.json()).error).toBe("FUEL_DATE_IN_FUTURE");
    // an edit that leaves the reading alone is not judged again
    expect((await api(`/api/maintenance/fuel/${saved.id}`, "PATCH", { notes: "receipt kept" })).status).toBe(200);
  });
});

describe("fuel fill-ups through the web form", () => {
  it("refuses a lower odometer next to the field, offers the confirmation, and saves once confirmed; both languages", async () => {
    const v = await createVehicle(srv.ctx, { org });
    const form = (over: Record<string, string>) => ({
      vehicle_id: v.id,
      filled_on: addDays(today, -3),
      liters: "40",
      odometer_km: "50000",
      full_tank: "on",
      ...over,
    });
    expect((await admin.post("/maintenance/fuel/add", form({}))).status).toBe(302);
    const refused = await admin.post(
      "/maintenance/fuel/add",
      form({ filled_on: addDays(today, -1), odometer_km: "49000" }),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("The odometer is lower than an earlier fill-up of this vehicle.");
    expect(html).toContain('name="confirm_odometer"');
    expect(html).toMatch(/id="odometer_km"[^>]*aria-invalid="true"/);
    expect(await count(v.id)).toBe(1);
    const al = await admin.post(
      "/maintenance/fuel/add?lng=al",
      form({ filled_on: addDays(today, -1), odometer_km: "49000" }),
    );
    expect(await al.text()).toContain("Odometri është më i ulët se në një furnizim të mëparshëm");
    const future = await admin.post(
      "/maintenance/fuel/add",
      form({ filled_on: addDays(today, 1), odometer_km: "51000" }),
    );
    expect(future.status).toBe(400);
    expect(await future.text()).toContain("A fill-up cannot be dated in the future.");
    const futureAl = await admin.post(
      "/maintenance/fuel/add?lng=al",
      form({ filled_on: addDays(today, 1), odometer_km: "51000" }),
    );
    expect(await futureAl.text()).toContain("nuk mund të ketë datë në të ardhmen");
    expect(await count(v.id)).toBe(1);
    const ok = await admin.post(
      "/maintenance/fuel/add",
      form({ filled_on: addDays(today, -1), odometer_km: "49000", confirm_odometer: "on" }),
    );
    expect(ok.status).toBe(302);
    expect(await count(v.id)).toBe(2);
  });
});
