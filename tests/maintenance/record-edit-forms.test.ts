import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { principalFor, type TestOrg } from "../support/context";
import { TINY_PNG } from "../support/fixtures";
import { createUser, createVehicle } from "../support/factories";
import { FormClient, startSignedIn, type TestServer } from "../support/server";
import * as catalogue from "../../server/modules/maintenance/catalogue.service";
import * as fuel from "../../server/modules/maintenance/fuel.service";
import * as records from "../../server/modules/maintenance/records.service";
import { createReminders } from "../../server/modules/maintenance/reminders.service";
import { runReminderNotices } from "../../server/modules/maintenance/reminder-notices";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import { addDays } from "../../server/shared/dates";

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
});
afterAll(async () => srv?.close());

const csrfOf = async (path: string) => /name="_csrf" value="([^"]+)"/.exec(await (await admin.get(path)).text())![1];
const formOf = (fields: Record<string, string | string[]>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of ([] as string[]).concat(v)) body.append(k, x);
  return body;
};

describe("editing records without JavaScript", () => {
  it("a service: the detail page links to the form, which shows the saved values; too many parts is refused with what was typed kept", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    const van = await createVehicle(srv.ctx, { org, registration: "ED 1" });
    const part = await catalogue.savePart(srv.ctx, p, null, { name: "Belt", unit_price: "30" });
    await catalogue.moveStock(srv.ctx, p, part.id, { quantity: "3", reason: "purchase" });
    const s = await records.createService(
      srv.ctx,
      p,
      {
        vehicle_id: van.id,
        service_type: "Belt",
        completed_on: "2026-11-01",
        cost: "40",
        part_id: [part.id],
        part_quantity: ["1"],
      },
      [{ fileName: "bill.png", contentType: "image/png", data: TINY_PNG }],
    );
    expect(await (await admin.get(`/maintenance/services/${s.id}`)).text()).toContain(
      `href="/maintenance/services/edit/${s.id}"`,
    );
    for (const lng of ["al", "en"]) {
      const page = await (await admin.get(`/maintenance/services/edit/${s.id}?lng=${lng}`)).text();
      expect(page).toContain(lng === "al" ? "Ndrysho servisin" : "Edit service");
      expect(page).toContain('value="Belt"');
      expect(page).toContain("bill.png");
    }
    const path = `/maintenance/services/edit/${s.id}`;
    const refused = await admin.post(
      `${path}?lng=en`,
      formOf({
        intent: "save",
        vehicle_id: van.id,
        service_type: "Belt and pulley",
        completed_on: "2026-11-02",
        odometer_km: "",
        cost: "55",
        supplier_id: "",
        notes: "typed",
        part_id: [part.id, ""],
        part_quantity: ["5", ""],
      }),
      { csrf: await csrfOf(path) },
    );
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("Not enough of this part in stock.");
    expect(html).toContain('value="Belt and pulley"');
    expect(html).toContain('value="55"');
    expect(html).toContain('value="5"');
    const invalid = await admin.post(
      path,
      formOf({ intent: "save", vehicle_id: van.id, service_type: "", completed_on: "2026-11-02", cost: "77" }),
      { csrf: await csrfOf(path) },
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('value="77"');
    expect((await records.getService(srv.ctx, p, s.id)).service_type).toBe("Belt");

    const ok = await admin.post(
      path,
      formOf({
        intent: "save",
        vehicle_id: van.id,
        service_type: "Belt and pulley",
        completed_on: "2026-11-02",
        odometer_km: "",
        cost: "55",
        supplier_id: "",
        notes: "",
        part_id: [part.id, ""],
        part_quantity: ["3", ""],
      }),
      { csrf: await csrfOf(path) },
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/maintenance/services/${s.id}?saved=1`);
    const after = await records.getService(srv.ctx, p, s.id);
    expect(after).toMatchObject({ service_type: "Belt and pulley", total_cost: 55 + 90 });
    expect(after.attachments).toHaveLength(1);
    expect(Number((await catalogue.getPart(srv.ctx, p, part.id)).stock)).toBe(0);
  });

  it("a car wash and a fuel report are edited from their lists", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    const van = await createVehicle(srv.ctx, { org, registration: "ED 2" });
    const w = await records.createWash(srv.ctx, p, {
      vehicle_id: van.id,
      service_type: "exterior",
      completed_on: "2026-11-01",
      cost: "8",
    });
    expect(await (await admin.get("/maintenance/wash")).text()).toContain(`href="/maintenance/services/edit/${w.id}"`);
    const wpath = `/maintenance/services/edit/${w.id}`;
    const washed = await admin.post(
      wpath,
      formOf({
        intent: "save",
        vehicle_id: van.id,
        service_type: "full",
        completed_on: "2026-11-01",
        cost: "12",
        supplier_id: "",
      }),
      { csrf: await csrfOf(wpath) },
    );
    expect(washed.headers.get("location")).toBe("/maintenance/wash?saved=1");

    const f = await fuel.createFuelReport(srv.ctx, p, {
      vehicle_id: van.id,
      filled_on: "2026-11-01",
      liters: "30",
      odometer_km: "900",
      full_tank: "on",
    });
    expect(await (await admin.get("/maintenance/fuel")).text()).toContain(`href="/maintenance/fuel/edit/${f.id}"`);
    const fpath = `/maintenance/fuel/edit/${f.id}`;
    for (const lng of ["al", "en"])
      expect(await (await admin.get(`${fpath}?lng=${lng}`)).text()).toContain(
        lng === "al" ? "Ndrysho furnizimin" : "Edit refuel",
      );
    const refused = await admin.post(
      fpath,
      formOf({
        intent: "save",
        vehicle_id: van.id,
        filled_on: "2026-11-01",
        liters: "",
        price: "61",
        odometer_km: "950",
        bill_number: "B-9",
        supplier_id: "",
        notes: "",
      }),
      { csrf: await csrfOf(fpath) },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('value="B-9"');
    expect(html).toContain('value="950"');
    const ok = await admin.post(
      fpath,
      formOf({
        intent: "save",
        vehicle_id: van.id,
        filled_on: "2026-11-01",
        liters: "31",
        price: "61",
        odometer_km: "950",
        bill_number: "B-9",
        supplier_id: "",
        notes: "",
        full_tank: "on",
      }),
      { csrf: await csrfOf(fpath) },
    );
    expect(ok.headers.get("location")).toBe("/maintenance/fuel?saved=1");
    expect(await fuel.fuelRecord(srv.ctx, p, f.id)).toMatchObject({ liters: "31.00", bill_number: "B-9" });
  });

  it("a viewer may not open the edit forms", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    const van = await createVehicle(srv.ctx, { org });
    const s = await records.createService(srv.ctx, p, {
      vehicle_id: van.id,
      service_type: "X",
      completed_on: "2026-11-01",
    });
    const viewer = await createUser(srv.ctx, { org, role: "viewer" });
    const client = new FormClient(srv.url);
    await client.login(viewer.email!, viewer.password);
    expect((await client.get(`/maintenance/services/edit/${s.id}`)).status).toBe(403);
  });
});

describe("reminder notifications in the app", () => {
  it("the header counts them, the list shows them in the user's language and links to the reminder, which reads them", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    const car = await createVehicle(srv.ctx, { org, registration: "NTF 1" });
    const today = await orgToday(srv.ctx, org.orgId);
    const [r] = await createReminders(srv.ctx, p, {
      vehicle_ids: [car.id],
      name: "Inspection",
      interval_days: "30",
      active: "on",
      base_date: addDays(today, -40),
      responsible_user_id: org.adminId,
    });
    await runReminderNotices(srv.ctx);
    const en = await (await admin.get("/maintenance/notifications?lng=en")).text();
    expect(en).toContain('data-testid="reminder-bell" data-count="1"');
    expect(en).toContain("Inspection · NTF 1: Overdue");
    expect(en).toContain(`href="/maintenance/reminders/edit/${r.id}"`);
    expect(await (await admin.get("/maintenance/notifications?lng=al")).text()).toContain(
      "Inspection · NTF 1: Me vonesë",
    );
    expect((await admin.get(`/maintenance/reminders/edit/${r.id}`)).status).toBe(200);
    expect(await (await admin.get("/maintenance/notifications")).text()).toContain(
      'data-testid="reminder-bell" data-count="0"',
    );
  });
});
