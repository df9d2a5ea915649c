import { describe, expect, it } from "vitest";
import { parseListQuery } from "../../server/modules/shared/listing";
import {
  createVehicle,
  driverOptions,
  getVehicle,
  listVehicles,
  updateVehicle,
} from "../../server/modules/vehicles/vehicles.service";
import { principalFor } from "../support/context";
import { codeOf, input, vehiclesServiceSuite } from "./vehicles-service-helpers";

/** The vehicle service: what each user may see and change, and the list query. */

const s = vehiclesServiceSuite();

describe("vehicle visibility and permissions", () => {
  const all = parseListQuery({ size: "200" });

  it("shows a team-limited viewer only the vehicles of their team and refuses writes", async () => {
    const viewer = await s.ctx.db
      .selectFrom("users")
      .select(["id", "team_id"])
      .where("org_id", "=", s.org.orgId)
      .where("role_id", "=", s.org.roles.viewer)
      .executeTakeFirstOrThrow();
    const p = await principalFor(s.ctx, viewer.id);
    const page = await listVehicles(s.ctx, p, all);
    const expected = await s.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", s.org.orgId)
      .where("team_id", "=", viewer.team_id)
      .execute();
    expect(page.total).toBe(expected.length);
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((v) => v.team_id === viewer.team_id)).toBe(true);
    const foreign = await s.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", s.org.orgId)
      .where("team_id", "!=", viewer.team_id)
      .executeTakeFirstOrThrow();
    expect((await codeOf(getVehicle(s.ctx, p, foreign.id))).code).toBe("NOT_FOUND");
    expect((await codeOf(createVehicle(s.ctx, p, input({ team_id: viewer.team_id })))).code).toBe("FORBIDDEN");
  });

  it("lets a team-limited editor assign only drivers and teams they can see", async () => {
    const role = await s.ctx.db
      .insertInto("roles")
      .values({
        org_id: s.org.orgId,
        key: "team_editor",
        name: "Team editor",
        permissions: ["vehicles:read", "vehicles:write", "teams:read"],
        options: JSON.stringify({}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const [mine, theirs] = await s.ctx.db
      .selectFrom("teams")
      .select("id")
      .where("org_id", "=", s.org.orgId)
      .orderBy("name")
      .limit(2)
      .execute();
    const user = await s.ctx.db
      .insertInto("users")
      .values({ org_id: s.org.orgId, first_name: "Team", last_name: "Editor", role_id: role.id, team_id: mine.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    const p = await principalFor(s.ctx, user.id);
    const drivers = await driverOptions(s.ctx, p);
    const teamOf = await s.ctx.db
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
    const foreignDriver = await s.ctx.db
      .selectFrom("users")
      .select("id")
      .where("org_id", "=", s.org.orgId)
      .where("is_driver", "=", true)
      .where("team_id", "=", theirs.id)
      .executeTakeFirstOrThrow();
    expect(await codeOf(createVehicle(s.ctx, p, input({ team_id: mine.id, driver_id: foreignDriver.id })))).toEqual({
      code: "VALIDATION",
      field: "driver_id",
    });
    expect((await codeOf(createVehicle(s.ctx, p, input({ team_id: theirs.id })))).code).toBe("FORBIDDEN");
    expect((await codeOf(createVehicle(s.ctx, p, input()))).code).toBe("FORBIDDEN");
    const v = await createVehicle(s.ctx, s.admin, input({ team_id: mine.id, driver_id: foreignDriver.id }));
    expect((await driverOptions(s.ctx, p, foreignDriver.id)).map((d) => d.id)).toContain(foreignDriver.id);
    await expect(
      updateVehicle(
        s.ctx,
        p,
        v.id,
        input({ registration: v.registration, team_id: mine.id, driver_id: foreignDriver.id, size: "kept driver" }),
      ),
    ).resolves.toMatchObject({ size: "kept driver" });
  });

  it("shows a user with vehicle_access 'selected' only the chosen vehicles", async () => {
    const chosen = await s.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", s.org.orgId)
      .orderBy("registration")
      .limit(2)
      .execute();
    const user = await s.ctx.db
      .insertInto("users")
      .values({
        org_id: s.org.orgId,
        first_name: "Sel",
        last_name: "Ected",
        role_id: s.org.roles.fleet_manager,
        vehicle_access: "selected",
        email: `sel-${s.org.orgId.slice(0, 8)}@test.flota`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await s.ctx.db
      .insertInto("user_vehicles")
      .values(chosen.map((c) => ({ org_id: s.org.orgId, user_id: user.id, vehicle_id: c.id })))
      .execute();
    const p = await principalFor(s.ctx, user.id);
    const page = await listVehicles(s.ctx, p, all);
    expect(page.items.map((v) => v.id).sort()).toEqual(chosen.map((c) => c.id).sort());
    const notChosen = await s.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", s.org.orgId)
      .where(
        "id",
        "not in",
        chosen.map((c) => c.id),
      )
      .executeTakeFirstOrThrow();
    expect((await codeOf(getVehicle(s.ctx, p, notChosen.id))).code).toBe("NOT_FOUND");
  });

  it("searches, filters by category and team, sorts and pages on the server", async () => {
    const team = await s.ctx.db
      .selectFrom("vehicles")
      .select("team_id as id")
      .where("org_id", "=", s.org.orgId)
      .where("category", "=", "Truck")
      .executeTakeFirstOrThrow();
    const trucks = await listVehicles(s.ctx, s.admin, all, { category: "Truck", team: team.id! });
    const vans = await listVehicles(s.ctx, s.admin, all, { category: "Van", team: team.id! });
    expect(vans.items.every((v) => v.category === "Van")).toBe(true);
    expect(trucks.items.length).toBeGreaterThan(0);
    expect(trucks.items.every((v) => v.category === "Truck" && v.team_id === team.id)).toBe(true);
    const found = await listVehicles(s.ctx, s.admin, parseListQuery({ q: "F-007" }));
    expect(found.items.map((v) => v.fleet_number)).toEqual(["F-007"]);
    const paged = await listVehicles(
      s.ctx,
      s.admin,
      parseListQuery({ size: "5", page: "2", sort: "fleet", dir: "desc" }),
    );
    expect(paged.items).toHaveLength(5);
    expect(paged.pages).toBe(Math.ceil(paged.total / 5));
    const firstPage = await listVehicles(
      s.ctx,
      s.admin,
      parseListQuery({ size: "5", page: "1", sort: "fleet", dir: "desc" }),
    );
    const sorted = [...firstPage.items, ...paged.items].map((v) => v.fleet_number ?? "");
    expect(sorted.every(Boolean)).toBe(true);
    expect(sorted).toEqual([...sorted].sort().reverse());
    expect(new Set([...firstPage.items, ...paged.items].map((v) => v.id)).size).toBe(10);
  });
});
