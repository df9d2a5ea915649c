import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import { createTestOrg, type TestOrg } from "../support/context";
import { createUser, createVehicle } from "../support/factories";
import { FormClient, startSignedIn, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
let today: string;

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
  today = await orgToday(srv.ctx, org.orgId);
});
afterAll(async () => srv?.close());

describe("maintenance without JavaScript", () => {
  it("/maintenance goes to the reminders, else to the role's redirect_urls.maintenance", async () => {
    const res = await admin.get("/maintenance");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/maintenance/reminders");
    await srv.ctx.db
      .updateTable("roles")
      .set({
        options: JSON.stringify({ redirect_urls: { maintenance: "/maintenance/reminders?status=overdue" } }) as never,
      })
      .where("id", "=", org.roles.administrator)
      .execute();
    const fresh = new FormClient(srv.url);
    await fresh.login(org.adminEmail, org.adminPassword);
    expect((await fresh.get("/maintenance")).headers.get("location")).toBe("/maintenance/reminders?status=overdue");
    await srv.ctx.db
      .updateTable("roles")
      .set({ options: JSON.stringify({}) as never })
      .where("id", "=", org.roles.administrator)
      .execute();
    const html = await (await admin.get("/maintenance/reminders?lng=al")).text();
    expect(html).toContain('href="/maintenance"');
    expect(html).toContain("Kujtesat e servisit");
  });

  it("adds a reminder for several vans at once, shows their states, completes one and re-arms it", async () => {
    const vans = await Promise.all(
      ["MNT1", "MNT2"].map((registration) => createVehicle(srv.ctx, { org, registration })),
    );
    const res = await admin.post("/maintenance/reminders/add", {
      name: "Oil change",
      kind: "regular",
      vehicle_ids: vans.map((v) => v.id),
      interval_km: "15000",
      before_km: "1000",
      interval_days: "",
      before_days: "",
      base_date: today,
      base_odometer_km: "0",
      repeat: "on",
      active: "on",
      responsible_user_id: "",
      notes: "",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/maintenance/reminders?created=2");
    const rows = await srv.ctx.db
      .selectFrom("maintenance_reminders")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .execute();
    expect(rows.map((r) => r.vehicle_id).sort()).toEqual(vans.map((v) => v.id).sort());
    await srv.ctx.db
      .insertInto("maintenance_fuel_reports")
      .values({ org_id: org.orgId, vehicle_id: vans[0].id, filled_on: today, liters: 50, odometer_km: 14_200 })
      .execute();
    const list = await (await admin.get("/maintenance/reminders?created=2&lng=en")).text();
    expect(list).toContain("2 reminders created");
    expect(list).toContain("Due soon");
    expect(list).toContain("in 800 km");
    const one = rows.find((r) => r.vehicle_id === vans[0].id)!;
    const edit = await (await admin.get(`/maintenance/reminders/edit/${one.id}?lng=en`)).text();
    expect(edit).toContain('value="14200"');
    const complete = await admin.post(`/maintenance/reminders/edit/${one.id}`, {
      intent: "complete",
      completed_on: today,
      odometer_km: "15000",
      cost: "55",
      supplier_id: "",
      notes: "",
    });
    expect(complete.status).toBe(302);
    const after = await srv.ctx.db
      .selectFrom("maintenance_reminders")
      .selectAll()
      .where("id", "=", one.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ base_date: today, base_odometer_km: "15000.0", cycle: 1 });
    expect(await (await admin.get(`/maintenance/reminders/edit/${one.id}?completed=1&lng=en`)).text()).toContain(
      "in 15,000 km",
    );
  });

  it("a missing interval keeps the typed values and says what is wrong; another organisation's reminder is 404", async () => {
    const van = await createVehicle(srv.ctx, { org, registration: "MNT3" });
    const res = await admin.post("/maintenance/reminders/add", {
      name: "Half typed",
      vehicle_ids: [van.id],
      interval_km: "",
      interval_days: "",
      base_date: today,
      active: "on",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('value="Half typed"');
    expect(html).toContain("Give an interval in days, in km, in engine hours, or several.");
    const other = await createTestOrg(srv.ctx);
    const foreign = await createVehicle(srv.ctx, { org: other });
    const [r] = await srv.ctx.db
      .insertInto("maintenance_reminders")
      .values({ org_id: other.orgId, vehicle_id: foreign.id, name: "X", interval_days: 10, base_date: today })
      .returning("id")
      .execute();
    expect((await admin.get(`/maintenance/reminders/edit/${r.id}`)).status).toBe(404);
    expect((await admin.post(`/maintenance/reminders/edit/${r.id}`, { intent: "delete" })).status).toBe(404);
  });

  it("a viewer reads the screens but may not add or change; a driver does not reach maintenance at all", async () => {
    const viewer = await createUser(srv.ctx, { org, role: "viewer" });
    const v = new FormClient(srv.url);
    await v.login(viewer.email!, viewer.password);
    expect((await v.get("/maintenance/reminders")).status).toBe(200);
    expect(await (await v.get("/maintenance/reminders?lng=en")).text()).not.toContain(
      'href="/maintenance/reminders/add"',
    );
    for (const path of [
      "/maintenance/reminders/add",
      "/maintenance/services/add",
      "/maintenance/fuel/add",
      "/maintenance/fuel/import",
    ]) {
      expect((await v.get(path)).status, path).toBe(403);
    }
    const csrf = v.cookies.get("flota_csrf")!;
    expect((await v.post("/maintenance/wash", { completed_on: today }, { csrf })).status).toBe(403);
    expect((await v.post("/maintenance/suppliers", { name: "Nope" }, { csrf })).status).toBe(403);
    const driver = await createUser(srv.ctx, { org, role: "driver" });
    const d = new FormClient(srv.url);
    await d.login(driver.email!, driver.password);
    expect((await d.get("/maintenance")).status).toBe(403);
    expect((await d.get("/maintenance/costs")).status).toBe(403);
    expect(
      await srv.ctx.db
        .selectFrom("maintenance_suppliers")
        .select("id")
        .where("org_id", "=", org.orgId)
        .where("name", "=", "Nope")
        .execute(),
    ).toEqual([]);
  });
});
