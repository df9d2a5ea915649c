import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestOrg } from "../support/context";
import { TINY_PNG } from "../support/fixtures";
import { createVehicle } from "../support/factories";
import { FormClient, startSignedIn, type TestServer } from "../support/server";
import { putVehicleState } from "../support/vehicle-state";

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;
let vanId: string;

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
  const van = await createVehicle(srv.ctx, { org, registration: "AB 100 CD", device: true });
  vanId = van.id;
  await putVehicleState(srv.ctx, van.id, org.orgId, { odometer_m: 12_345_000 });
});
afterAll(async () => srv?.close());

const csrfOf = async (path: string) => /name="_csrf" value="([^"]+)"/.exec(await (await admin.get(path)).text())![1];

describe("maintenance records without JavaScript", () => {
  it("every maintenance screen renders in both languages", async () => {
    for (const path of [
      "/maintenance/services",
      "/maintenance/services/add",
      "/maintenance/wash",
      "/maintenance/fuel",
      "/maintenance/fuel/add",
      "/maintenance/fuel/import",
      "/maintenance/suppliers",
      "/maintenance/parts",
      "/maintenance/costs",
    ]) {
      for (const lng of ["al", "en"]) {
        const res = await admin.get(`${path}?lng=${lng}`);
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).toContain(lng === "al" ? "Mirëmbajtja" : "Maintenance");
      }
    }
  });

  it("suppliers and parts: add, buy stock, record a service with the part and an invoice photo; the odometer is prefilled from telematics", async () => {
    expect(
      (
        await admin.post("/maintenance/suppliers", {
          name: "Servis Durrës",
          category: "service",
          phone: "",
          email: "",
          contact_person: "",
          address: "",
          notes: "",
        })
      ).status,
    ).toBe(302);
    const supplier = await srv.ctx.db
      .selectFrom("maintenance_suppliers")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    const addPart = await admin.post("/maintenance/parts", {
      name: "Oil 5W-30",
      part_number: "OIL",
      supplier_id: supplier.id,
      unit_price: "8,5",
      notes: "",
    });
    expect(addPart.status).toBe(302);
    const part = await srv.ctx.db
      .selectFrom("maintenance_parts")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    expect(part.unit_price).toBe("8.50");
    expect(
      (
        await admin.post(`/maintenance/parts/edit/${part.id}`, {
          intent: "stock",
          quantity: "10",
          reason: "purchase",
          note: "",
        })
      ).status,
    ).toBe(302);
    const tooMany = await admin.post(`/maintenance/parts/edit/${part.id}`, {
      intent: "stock",
      quantity: "-11",
      reason: "adjustment",
      note: "",
    });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.text()).toContain("Not enough of this part in stock.");

    const form = await (await admin.get(`/maintenance/services/add?vehicle_id=${vanId}&lng=en`)).text();
    expect(form).toContain('value="12345"');
    const body = new FormData();
    for (const [k, v] of Object.entries({
      intent: "save",
      vehicle_id: vanId,
      service_type: "Oil change",
      completed_on: "2026-11-20",
      odometer_km: "12345",
      cost: "30",
      supplier_id: supplier.id,
      notes: "",
    }))
      body.append(k, v);
    body.append("part_id", part.id);
    body.append("part_quantity", "5");
    body.append("part_id", "");
    body.append("part_quantity", "");
    body.append("attachments", new Blob([TINY_PNG], { type: "image/png" }), "invoice.png");
    const res = await admin.post("/maintenance/services/add", body, {
      csrf: await csrfOf("/maintenance/services/add"),
    });
    expect(res.status).toBe(302);
    const page = await (await admin.get(`${res.headers.get("location")!.replace("?created=1", "")}?lng=en`)).text();
    expect(page).toContain("72.50");
    const attachmentId = /href="\/maintenance\/attachments\/([0-9a-f-]+)"/.exec(page)![1];
    const file = await admin.get(`/maintenance/attachments/${attachmentId}`);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), TINY_PNG)).toBe(0);
    expect(await (await admin.get("/maintenance/parts?lng=en")).text()).toContain(">5.00<");
  });

  it("fuel: adds refuels, shows the consumption and the checks, imports a CSV with per-row errors and nothing saved", async () => {
    await srv.ctx.db.updateTable("vehicles").set({ tank_volume: 60 }).where("id", "=", vanId).execute();
    for (const [day, liters, odometer] of [
      ["2026-11-01", "40", "12000"],
      ["2026-11-08", "36", "12400"],
      ["2026-11-09", "70", "12300"],
    ]) {
      const body = new FormData();
      for (const [k, v] of Object.entries({
        intent: "save",
        vehicle_id: vanId,
        filled_on: day,
        liters,
        price: "70",
        odometer_km: odometer,
        bill_number: "",
        supplier_id: "",
        notes: "",
        full_tank: "on",
        // the third reading is lower than the second: refused unless the user confirms it, and then flagged
        ...(odometer === "12300" ? { confirm_odometer: "on" } : {}),
      }))
        body.append(k, v);
      expect(
        (await admin.post("/maintenance/fuel/add", body, { csrf: await csrfOf("/maintenance/fuel/add") })).status,
      ).toBe(302);
    }
    const list = await (await admin.get("/maintenance/fuel?lng=en")).text();
    expect(list).toContain(">9.00<");
    expect(list).toContain("More than the tank holds");
    expect(list).toContain("Odometer went backwards");
    const missing = new FormData();
    missing.append("intent", "save");
    missing.append("vehicle_id", vanId);
    missing.append("liters", "");
    missing.append("filled_on", "2026-11-10");
    missing.append("odometer_km", "");
    const refused = await admin.post("/maintenance/fuel/add", missing, { csrf: await csrfOf("/maintenance/fuel/add") });
    expect(refused.status).toBe(400);

    const before = await srv.ctx.db
      .selectFrom("maintenance_fuel_reports")
      .select("id")
      .where("org_id", "=", org.orgId)
      .execute();
    const upload = new FormData();
    upload.append("intent", "import");
    upload.append(
      "file",
      new Blob(
        ["date,registration,liters,price,odometer\n2026-11-12,AB100CD,30,50,12800\n2026-11-13,NOPE,30,50,12900\n"],
        { type: "text/csv" },
      ),
      "card.csv",
    );
    const bad = await admin.post("/maintenance/fuel/import?lng=en", upload, {
      csrf: await csrfOf("/maintenance/fuel/import"),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Row 3: unknown vehicle");
    expect(
      await srv.ctx.db.selectFrom("maintenance_fuel_reports").select("id").where("org_id", "=", org.orgId).execute(),
    ).toHaveLength(before.length);
    const good = new FormData();
    good.append("intent", "import");
    good.append(
      "file",
      new Blob(["date,registration,liters,price,odometer\n2026-11-12,AB100CD,30,50,12800\n"], { type: "text/csv" }),
      "card.csv",
    );
    const ok = await admin.post("/maintenance/fuel/import", good, { csrf: await csrfOf("/maintenance/fuel/import") });
    expect(ok.headers.get("location")).toBe("/maintenance/fuel?imported=1");
  });

  it("car wash and the fleet profile", async () => {
    expect(
      (
        await admin.post("/maintenance/wash", {
          vehicle_id: vanId,
          service_type: "full",
          completed_on: "2026-11-15",
          cost: "15",
          supplier_id: "",
        })
      ).status,
    ).toBe(302);
    const profile = await (await admin.get("/maintenance/costs?from=2026-11-01&to=2026-11-30&lng=en")).text();
    expect(profile).toContain("AB 100 CD");
    expect(profile).toContain("Cost per km");
    expect(profile).toContain(">15.00<");
  });
});
