import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orgToday } from "../../server/modules/maintenance/maintenance.vehicles";
import type { TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { FormClient, startSignedIn, type TestServer } from "../support/server";
import { putVehicleState } from "../support/vehicle-state";

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
let today: string;

const csrfOf = async (path: string) => /name="_csrf" value="([^"]+)"/.exec(await (await admin.get(path)).text())![1];

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
  today = await orgToday(srv.ctx, org.orgId);
});
afterAll(async () => srv?.close());

describe("engine-hours reminders without JavaScript", () => {
  it("adds an hours reminder, lists it like the km ones, prefills the completion's engine hours and re-arms from them", async () => {
    const tractor = await createVehicle(srv.ctx, { org, registration: "TR 250", device: true });
    await putVehicleState(srv.ctx, tractor.id, org.orgId, { odometer_m: 0, engine_hours_s: 1_230 * 3600 });
    const add = await admin.post("/maintenance/reminders/add", {
      intent: "save",
      name: "PTO service",
      kind: "regular",
      vehicle_ids: tractor.id,
      interval_days: "",
      interval_km: "",
      before_days: "",
      before_km: "",
      interval_hours: "250",
      before_hours: "25",
      base_date: today,
      base_odometer_km: "",
      base_engine_hours: "1000",
      repeat: "on",
      active: "on",
      responsible_user_id: "",
      notes: "",
    });
    expect(add.status).toBe(302);
    const id = /edit\/([0-9a-f-]+)/.exec(add.headers.get("location")!)![1];
    const list = await (await admin.get("/maintenance/reminders?status=due_soon&lng=en")).text();
    expect(list).toContain("PTO service");
    expect(list).toContain("every 250 engine hours");
    expect(list).toContain("in 20 h");
    expect(await (await admin.get("/maintenance/reminders?status=ok&lng=en")).text()).not.toContain("PTO service");
    const al = await (await admin.get("/maintenance/reminders?lng=al")).text();
    expect(al).toContain("pas 20 orësh");

    await srv.ctx.db
      .updateTable("vehicle_state")
      .set({ engine_hours_s: 1_260 * 3600 })
      .where("vehicle_id", "=", tractor.id)
      .execute();
    const edit = await (await admin.get(`/maintenance/reminders/edit/${id}?lng=en`)).text();
    expect(edit).toContain("overdue by 10 h");
    expect(edit).toContain('name="interval_hours"');
    expect(edit).toMatch(/name="engine_hours"[^>]*value="1260"|value="1260"[^>]*name="engine_hours"/);

    const refused = await admin.post(`/maintenance/reminders/edit/${id}`, {
      intent: "save",
      name: "PTO service",
      kind: "regular",
      vehicle_ids: tractor.id,
      interval_hours: "0",
      base_date: today,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/name="interval_hours"[^>]*value="0"|value="0"[^>]*name="interval_hours"/);

    const body = new FormData();
    for (const [k, v] of Object.entries({
      intent: "complete",
      completed_on: today,
      odometer_km: "",
      engine_hours: "1255",
      cost: "",
      supplier_id: "",
      notes: "",
    }))
      body.append(k, v);
    expect(
      (
        await admin.post(`/maintenance/reminders/edit/${id}`, body, {
          csrf: await csrfOf(`/maintenance/reminders/edit/${id}`),
        })
      ).status,
    ).toBe(302);
    const row = await srv.ctx.db
      .selectFrom("maintenance_reminders")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ base_engine_hours: "1255.0", cycle: 1 });
    expect(await (await admin.get(`/maintenance/reminders/edit/${id}?lng=en`)).text()).toContain("in 245 h");
  });

  it("the service form prefills the engine hours of a vehicle without a device from its last reading", async () => {
    const generator = await createVehicle(srv.ctx, { org, registration: "GEN 1" });
    const body = new FormData();
    for (const [k, v] of Object.entries({
      intent: "save",
      vehicle_id: generator.id,
      service_type: "Oil",
      completed_on: today,
      odometer_km: "",
      engine_hours: "412.5",
      cost: "",
      supplier_id: "",
      notes: "",
    }))
      body.append(k, v);
    const saved = await admin.post("/maintenance/services/add", body, {
      csrf: await csrfOf("/maintenance/services/add"),
    });
    expect(saved.status).toBe(302);
    const form = await (await admin.get(`/maintenance/services/add?vehicle_id=${generator.id}&lng=en`)).text();
    expect(form).toMatch(/name="engine_hours"[^>]*value="412.5"|value="412.5"[^>]*name="engine_hours"/);
    const detail = await (await admin.get(`${saved.headers.get("location")!.split("?")[0]}?lng=en`)).text();
    expect(detail).toContain("412.5 h");
  });
});
