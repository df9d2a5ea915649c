import { describe, expect, it } from "vitest";
import { vehicleInputSchema } from "../../server/modules/vehicles/vehicles.schema";
import {
  createVehicle,
  deleteVehicle,
  getVehicle,
  getVehicleImage,
  updateVehicle,
} from "../../server/modules/vehicles/vehicles.service";
import { codeOf, input, png, vehiclesServiceSuite } from "./vehicles-service-helpers";

/** The vehicle service: what it stores on create and update, and what it refuses. */

const s = vehiclesServiceSuite();

describe("vehicle create and update rules", () => {
  it("stores every field, upper-cases the registration and clears fields emptied in an update", async () => {
    const v = await createVehicle(
      s.ctx,
      s.admin,
      input({
        registration: "ab 123 cd",
        category: "Truck",
        fuel: "diesel",
        identifier_name: "Big one",
        chassis_number: "WDB123",
        fuel_consumption: "31,5",
        tank_volume: "400",
        vehicle_year: "2019",
        size: "18t",
        purchase_price: "90000",
        estimated_consumption: "35",
        electric: "on",
        fleet_number: "F-900",
        business_number: "L123",
        fiscal_number: "FX1",
        country: "Albania",
        province: "Tiranë",
        region: "Kashar",
        postal_code: "1001",
      }),
    );
    expect(v).toMatchObject({
      registration: "AB 123 CD",
      category: "Truck",
      electric: true,
      vehicle_year: 2019,
      postal_code: "1001",
    });
    expect(Number(v.fuel_consumption)).toBe(31.5);
    const updated = await updateVehicle(
      s.ctx,
      s.admin,
      v.id,
      vehicleInputSchema.parse({ registration: "AB 123 CD", category: "Van", identifier_name: "" }),
    );
    expect(updated).toMatchObject({ category: "Van", identifier_name: null, electric: false, fuel_consumption: null });
  });

  it("refuses a missing registration or category with field errors", () => {
    const r = vehicleInputSchema.safeParse({ registration: " ", category: "" });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["registration", "category"]));
  });

  it("refuses a registration used in the organisation (any case) with REGISTRATION_TAKEN, but not in another organisation", async () => {
    const a = await createVehicle(s.ctx, s.admin, input({ registration: "RG 001 AA" }));
    expect(await codeOf(createVehicle(s.ctx, s.admin, input({ registration: "rg 001 aa" })))).toEqual({
      code: "REGISTRATION_TAKEN",
      field: "registration",
    });
    const b = await createVehicle(s.ctx, s.admin, input());
    expect((await codeOf(updateVehicle(s.ctx, s.admin, b.id, input({ registration: "RG 001 AA" })))).code).toBe(
      "REGISTRATION_TAKEN",
    );
    await expect(
      updateVehicle(s.ctx, s.admin, a.id, input({ registration: "RG 001 AA", size: "small" })),
    ).resolves.toMatchObject({ size: "small" });
    await expect(createVehicle(s.ctx, s.otherAdmin, input({ registration: "RG 001 AA" }))).resolves.toBeTruthy();
  });

  it("refuses a device already attached to another vehicle, in any organisation, with DEVICE_TAKEN", async () => {
    const a = await createVehicle(
      s.ctx,
      s.admin,
      input({ device_imei: "356307042441013", device_protocol: "teltonika" }),
    );
    expect(await codeOf(createVehicle(s.ctx, s.admin, input({ device_imei: "356307042441013" })))).toEqual({
      code: "DEVICE_TAKEN",
      field: "device_imei",
    });
    expect((await codeOf(createVehicle(s.ctx, s.otherAdmin, input({ device_imei: "356307042441013" })))).code).toBe(
      "DEVICE_TAKEN",
    );
    await expect(
      updateVehicle(s.ctx, s.admin, a.id, input({ registration: a.registration, device_imei: "356307042441013" })),
    ).resolves.toBeTruthy();
  });

  it("refuses a team or driver of another organisation", async () => {
    const foreignTeam = await s.ctx.db
      .selectFrom("teams")
      .select("id")
      .where("org_id", "=", s.other.orgId)
      .executeTakeFirstOrThrow();
    const foreignDriver = await s.ctx.db
      .selectFrom("users")
      .select("id")
      .where("org_id", "=", s.other.orgId)
      .where("is_driver", "=", true)
      .executeTakeFirstOrThrow();
    expect(await codeOf(createVehicle(s.ctx, s.admin, input({ team_id: foreignTeam.id })))).toEqual({
      code: "VALIDATION",
      field: "team_id",
    });
    expect(await codeOf(createVehicle(s.ctx, s.admin, input({ driver_id: foreignDriver.id })))).toEqual({
      code: "VALIDATION",
      field: "driver_id",
    });
    const ownTeam = await s.ctx.db
      .selectFrom("teams")
      .select("id")
      .where("org_id", "=", s.org.orgId)
      .executeTakeFirstOrThrow();
    await expect(createVehicle(s.ctx, s.admin, input({ team_id: ownTeam.id }))).resolves.toMatchObject({
      team_id: ownTeam.id,
    });
  });

  it("answers NOT_FOUND for another organisation's vehicle and deletes with the images", async () => {
    const v = await createVehicle(s.ctx, s.admin, input(), [png()]);
    expect((await codeOf(getVehicle(s.ctx, s.otherAdmin, v.id))).code).toBe("NOT_FOUND");
    expect((await codeOf(updateVehicle(s.ctx, s.otherAdmin, v.id, input()))).code).toBe("NOT_FOUND");
    expect((await codeOf(deleteVehicle(s.ctx, s.otherAdmin, v.id))).code).toBe("NOT_FOUND");
    const [img] = (await getVehicle(s.ctx, s.admin, v.id)).images;
    expect((await codeOf(getVehicleImage(s.ctx, s.otherAdmin, v.id, img.id))).code).toBe("NOT_FOUND");
    await deleteVehicle(s.ctx, s.admin, v.id);
    expect(await s.imageCount(v.id)).toBe(0);
    expect((await codeOf(getVehicle(s.ctx, s.admin, v.id))).code).toBe("NOT_FOUND");
  });
});
