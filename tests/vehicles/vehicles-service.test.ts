import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/errors";
import { createTeam, deleteTeam, getTeam, listTeams } from "../../server/modules/teams/teams.service";
import { teamInputSchema } from "../../server/modules/teams/teams.schema";
import { vehicleInputSchema } from "../../server/modules/vehicles/vehicles.schema";
import {
  addVehicleImages,
  createVehicle,
  driverOptions,
  deleteVehicle,
  deleteVehicleImage,
  getVehicle,
  getVehicleImage,
  listVehicles,
  updateVehicle,
} from "../../server/modules/vehicles/vehicles.service";
import { parseListQuery } from "../../server/modules/shared/listing";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const png = () => ({ contentType: "image/png", data: PNG });

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let admin: Awaited<ReturnType<typeof principalFor>>;
let otherAdmin: Awaited<ReturnType<typeof principalFor>>;
let seq = 0;

const input = (fields: Record<string, unknown> = {}) =>
  vehicleInputSchema.parse({ registration: `TS ${String(++seq).padStart(3, "0")} XY`, category: "Car", ...fields });

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, field: err.details?.field };
    throw err;
  }
  throw new Error("expected the call to be refused");
}

const imageCount = (vehicleId: string) =>
  ctx.db
    .selectFrom("vehicle_images")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("vehicle_id", "=", vehicleId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

beforeAll(async () => {
  ctx = createTestContext();
  [org, other] = await Promise.all([createTestOrg(ctx, { demo: true }), createTestOrg(ctx, { demo: true })]);
  [admin, otherAdmin] = await Promise.all([principalFor(ctx, org.adminId), principalFor(ctx, other.adminId)]);
});
afterAll(async () => ctx?.close());

describe("vehicle create and update rules", () => {
  it("stores every field, upper-cases the registration and clears fields emptied in an update", async () => {
    const v = await createVehicle(
      ctx,
      admin,
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
      ctx,
      admin,
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
    const a = await createVehicle(ctx, admin, input({ registration: "RG 001 AA" }));
    expect(await codeOf(createVehicle(ctx, admin, input({ registration: "rg 001 aa" })))).toEqual({
      code: "REGISTRATION_TAKEN",
      field: "registration",
    });
    const b = await createVehicle(ctx, admin, input());
    expect((await codeOf(updateVehicle(ctx, admin, b.id, input({ registration: "RG 001 AA" })))).code).toBe(
      "REGISTRATION_TAKEN",
    );
    await expect(
      updateVehicle(ctx, admin, a.id, input({ registration: "RG 001 AA", size: "small" })),
    ).resolves.toMatchObject({ size: "small" });
    await expect(createVehicle(ctx, otherAdmin, input({ registration: "RG 001 AA" }))).resolves.toBeTruthy();
  });

  it("refuses a device already attached to another vehicle, in any organisation, with DEVICE_TAKEN", async () => {
    const a = await createVehicle(ctx, admin, input({ device_imei: "356307042441013", device_protocol: "teltonika" }));
    expect(await codeOf(createVehicle(ctx, admin, input({ device_imei: "356307042441013" })))).toEqual({
      code: "DEVICE_TAKEN",
      field: "device_imei",
    });
    expect((await codeOf(createVehicle(ctx, otherAdmin, input({ device_imei: "356307042441013" })))).code).toBe(
      "DEVICE_TAKEN",
    );
    await expect(
      updateVehicle(ctx, admin, a.id, input({ registration: a.registration, device_imei: "356307042441013" })),
    ).resolves.toBeTruthy();
  });

  it("refuses a team or driver of another organisation", async () => {
    const foreignTeam = await ctx.db
      .selectFrom("teams")
      .select("id")
      .where("org_id", "=", other.orgId)
      .executeTakeFirstOrThrow();
    const foreignDriver = await ctx.db
      .selectFrom("users")
      .select("id")
      .where("org_id", "=", other.orgId)
      .where("is_driver", "=", true)
      .executeTakeFirstOrThrow();
    expect(await codeOf(createVehicle(ctx, admin, input({ team_id: foreignTeam.id })))).toEqual({
      code: "VALIDATION",
      field: "team_id",
    });
    expect(await codeOf(createVehicle(ctx, admin, input({ driver_id: foreignDriver.id })))).toEqual({
      code: "VALIDATION",
      field: "driver_id",
    });
    const ownTeam = await ctx.db
      .selectFrom("teams")
      .select("id")
      .where("org_id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    await expect(createVehicle(ctx, admin, input({ team_id: ownTeam.id }))).resolves.toMatchObject({
      team_id: ownTeam.id,
    });
  });

  it("answers NOT_FOUND for another organisation's vehicle and deletes with the images", async () => {
    const v = await createVehicle(ctx, admin, input(), [png()]);
    expect((await codeOf(getVehicle(ctx, otherAdmin, v.id))).code).toBe("NOT_FOUND");
    expect((await codeOf(updateVehicle(ctx, otherAdmin, v.id, input()))).code).toBe("NOT_FOUND");
    expect((await codeOf(deleteVehicle(ctx, otherAdmin, v.id))).code).toBe("NOT_FOUND");
    const [img] = (await getVehicle(ctx, admin, v.id)).images;
    expect((await codeOf(getVehicleImage(ctx, otherAdmin, v.id, img.id))).code).toBe("NOT_FOUND");
    await deleteVehicle(ctx, admin, v.id);
    expect(await imageCount(v.id)).toBe(0);
    expect((await codeOf(getVehicle(ctx, admin, v.id))).code).toBe("NOT_FOUND");
  });
});

describe("vehicle images (spec: up to 3, 'maximum number of images exceeded')", () => {
  it("accepts 3 images at creation and refuses a 4th without saving the vehicle", async () => {
    const three = await createVehicle(ctx, admin, input(), [png(), png(), png()]);
    expect(await imageCount(three.id)).toBe(3);
    const reg = input().registration;
    expect(await codeOf(createVehicle(ctx, admin, input({ registration: reg }), [png(), png(), png(), png()]))).toEqual(
      { code: "MAX_IMAGES_EXCEEDED", field: "images" },
    );
    expect(
      await ctx.db
        .selectFrom("vehicles")
        .select("id")
        .where("org_id", "=", org.orgId)
        .where("registration", "=", reg)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it("refuses an upload that would pass the limit and keeps what was there (2 + 2 stays 2)", async () => {
    const v = await createVehicle(ctx, admin, input());
    await addVehicleImages(ctx, admin, v.id, [png(), png()]);
    expect((await codeOf(addVehicleImages(ctx, admin, v.id, [png(), png()]))).code).toBe("MAX_IMAGES_EXCEEDED");
    expect(await imageCount(v.id)).toBe(2);
    await addVehicleImages(ctx, admin, v.id, [png()]);
    expect(await imageCount(v.id)).toBe(3);
    expect((await codeOf(addVehicleImages(ctx, admin, v.id, [png()]))).code).toBe("MAX_IMAGES_EXCEEDED");
  });

  it("refuses bytes that are not an image, whatever the declared type, and saves none of the upload", async () => {
    const v = await createVehicle(ctx, admin, input());
    const fake = { contentType: "image/png", data: Buffer.from("<svg onload=alert(1)>") };
    expect((await codeOf(addVehicleImages(ctx, admin, v.id, [png(), fake]))).code).toBe("IMAGE_INVALID");
    expect(await imageCount(v.id)).toBe(0);
  });

  it("stores the sniffed type and deletes one image of the vehicle", async () => {
    const v = await createVehicle(ctx, admin, input(), [{ contentType: "image/jpeg", data: PNG }, png()]);
    const { images } = await getVehicle(ctx, admin, v.id);
    const img = await getVehicleImage(ctx, admin, v.id, images[0].id);
    expect(img.content_type).toBe("image/png");
    expect(Buffer.compare(img.data, PNG)).toBe(0);
    await deleteVehicleImage(ctx, admin, v.id, images[0].id);
    expect(await imageCount(v.id)).toBe(1);
    expect((await codeOf(deleteVehicleImage(ctx, admin, v.id, images[0].id))).code).toBe("NOT_FOUND");
  });
});

describe("vehicle visibility and permissions", () => {
  const all = parseListQuery({ size: "200" });

  it("shows a team-limited viewer only the vehicles of their team and refuses writes", async () => {
    const viewer = await ctx.db
      .selectFrom("users")
      .select(["id", "team_id"])
      .where("org_id", "=", org.orgId)
      .where("role_id", "=", org.roles.viewer)
      .executeTakeFirstOrThrow();
    const p = await principalFor(ctx, viewer.id);
    const page = await listVehicles(ctx, p, all);
    const expected = await ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.orgId)
      .where("team_id", "=", viewer.team_id)
      .execute();
    expect(page.total).toBe(expected.length);
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((v) => v.team_id === viewer.team_id)).toBe(true);
    const foreign = await ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.orgId)
      .where("team_id", "!=", viewer.team_id)
      .executeTakeFirstOrThrow();
    expect((await codeOf(getVehicle(ctx, p, foreign.id))).code).toBe("NOT_FOUND");
    expect((await codeOf(createVehicle(ctx, p, input({ team_id: viewer.team_id })))).code).toBe("FORBIDDEN");
  });

  it("lets a team-limited editor assign only drivers and teams they can see", async () => {
    const role = await ctx.db
      .insertInto("roles")
      .values({
        org_id: org.orgId,
        key: "team_editor",
        name: "Team editor",
        permissions: ["vehicles:read", "vehicles:write", "teams:read"],
        options: JSON.stringify({}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const [mine, theirs] = await ctx.db
      .selectFrom("teams")
      .select("id")
      .where("org_id", "=", org.orgId)
      .orderBy("name")
      .limit(2)
      .execute();
    const user = await ctx.db
      .insertInto("users")
      .values({ org_id: org.orgId, first_name: "Team", last_name: "Editor", role_id: role.id, team_id: mine.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    const p = await principalFor(ctx, user.id);
    const drivers = await driverOptions(ctx, p);
    const teamOf = await ctx.db
      .selectFrom("users")
      .select(["id", "team_id"])
      .where(
        "id",
        "in",
        drivers.map((d) => d.id),
      )
      .execute();
    expect(teamOf.length).toBeGreaterThan(0);
    expect(teamOf.every((d) => d.team_id === mine.id)).toBe(true);
    const foreignDriver = await ctx.db
      .selectFrom("users")
      .select("id")
      .where("org_id", "=", org.orgId)
      .where("is_driver", "=", true)
      .where("team_id", "=", theirs.id)
      .executeTakeFirstOrThrow();
    expect(await codeOf(createVehicle(ctx, p, input({ team_id: mine.id, driver_id: foreignDriver.id })))).toEqual({
      code: "VALIDATION",
      field: "driver_id",
    });
    expect((await codeOf(createVehicle(ctx, p, input({ team_id: theirs.id })))).code).toBe("FORBIDDEN");
    expect((await codeOf(createVehicle(ctx, p, input()))).code).toBe("FORBIDDEN");
    const v = await createVehicle(ctx, admin, input({ team_id: mine.id, driver_id: foreignDriver.id }));
    expect((await driverOptions(ctx, p, foreignDriver.id)).map((d) => d.id)).toContain(foreignDriver.id);
    await expect(
      updateVehicle(
        ctx,
        p,
        v.id,
        input({ registration: v.registration, team_id: mine.id, driver_id: foreignDriver.id, size: "kept driver" }),
      ),
    ).resolves.toMatchObject({ size: "kept driver" });
  });

  it("shows a user with vehicle_access 'selected' only the chosen vehicles", async () => {
    const chosen = await ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.orgId)
      .orderBy("registration")
      .limit(2)
      .execute();
    const user = await ctx.db
      .insertInto("users")
      .values({
        org_id: org.orgId,
        first_name: "Sel",
        last_name: "Ected",
        role_id: org.roles.fleet_manager,
        vehicle_access: "selected",
        email: `sel-${org.orgId.slice(0, 8)}@test.flota`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto("user_vehicles")
      .values(chosen.map((c) => ({ org_id: org.orgId, user_id: user.id, vehicle_id: c.id })))
      .execute();
    const p = await principalFor(ctx, user.id);
    const page = await listVehicles(ctx, p, all);
    expect(page.items.map((v) => v.id).sort()).toEqual(chosen.map((c) => c.id).sort());
    const notChosen = await ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.orgId)
      .where(
        "id",
        "not in",
        chosen.map((c) => c.id),
      )
      .executeTakeFirstOrThrow();
    expect((await codeOf(getVehicle(ctx, p, notChosen.id))).code).toBe("NOT_FOUND");
  });

  it("searches, filters by category and team, sorts and pages on the server", async () => {
    const team = await ctx.db
      .selectFrom("vehicles")
      .select("team_id as id")
      .where("org_id", "=", org.orgId)
      .where("category", "=", "Truck")
      .executeTakeFirstOrThrow();
    const trucks = await listVehicles(ctx, admin, all, { category: "Truck", team: team.id! });
    const vans = await listVehicles(ctx, admin, all, { category: "Van", team: team.id! });
    expect(vans.items.every((v) => v.category === "Van")).toBe(true);
    expect(trucks.items.length).toBeGreaterThan(0);
    expect(trucks.items.every((v) => v.category === "Truck" && v.team_id === team.id)).toBe(true);
    const found = await listVehicles(ctx, admin, parseListQuery({ q: "F-007" }));
    expect(found.items.map((v) => v.fleet_number)).toEqual(["F-007"]);
    const paged = await listVehicles(ctx, admin, parseListQuery({ size: "5", page: "2", sort: "fleet", dir: "desc" }));
    expect(paged.items).toHaveLength(5);
    expect(paged.pages).toBe(Math.ceil(paged.total / 5));
    const firstPage = await listVehicles(
      ctx,
      admin,
      parseListQuery({ size: "5", page: "1", sort: "fleet", dir: "desc" }),
    );
    const sorted = [...firstPage.items, ...paged.items].map((v) => v.fleet_number ?? "");
    expect(sorted.every(Boolean)).toBe(true);
    expect(sorted).toEqual([...sorted].sort().reverse());
    expect(new Set([...firstPage.items, ...paged.items].map((v) => v.id)).size).toBe(10);
  });
});

describe("team rules", () => {
  it("refuses a duplicate name, a team in use, and another organisation's team", async () => {
    const t = await createTeam(ctx, admin, teamInputSchema.parse({ name: "Shkodër North" }));
    expect(await codeOf(createTeam(ctx, admin, teamInputSchema.parse({ name: "shkodër north" })))).toEqual({
      code: "TEAM_NAME_TAKEN",
      field: "name",
    });
    expect((await codeOf(getTeam(ctx, otherAdmin, t.id))).code).toBe("NOT_FOUND");
    expect((await codeOf(deleteTeam(ctx, otherAdmin, t.id))).code).toBe("NOT_FOUND");
    const v = await createVehicle(ctx, admin, input({ team_id: t.id }));
    expect((await codeOf(deleteTeam(ctx, admin, t.id))).code).toBe("TEAM_IN_USE");
    await deleteVehicle(ctx, admin, v.id);
    await deleteTeam(ctx, admin, t.id);
    expect((await codeOf(getTeam(ctx, admin, t.id))).code).toBe("NOT_FOUND");
  });

  it("lists teams with vehicle and member counts", async () => {
    const page = await listTeams(ctx, admin, parseListQuery({ sort: "name" }));
    const first = page.items[0];
    const vehicles = await ctx.db.selectFrom("vehicles").select("id").where("team_id", "=", first.id).execute();
    expect(Number(first.vehicle_count)).toBe(vehicles.length);
    expect(Number(first.member_count)).toBeGreaterThan(0);
  });
});
