import { describe, expect, it } from "vitest";
import { createTeam, deleteTeam, getTeam, listTeams } from "../../server/modules/teams/teams.service";
import { parseListQuery } from "../../server/modules/shared/listing";
import { teamInputSchema } from "../../server/modules/teams/teams.schema";
import { createVehicle, deleteVehicle } from "../../server/modules/vehicles/vehicles.service";
import { codeOf, input, vehiclesServiceSuite } from "./vehicles-service-helpers";

/** The team service's rules with the vehicles that use a team. */

const s = vehiclesServiceSuite();

describe("team rules", () => {
  it("refuses a duplicate name, a team in use, and another organisation's team", async () => {
    const t = await createTeam(s.ctx, s.admin, teamInputSchema.parse({ name: "Shkodër North" }));
    expect(await codeOf(createTeam(s.ctx, s.admin, teamInputSchema.parse({ name: "shkodër north" })))).toEqual({
      code: "TEAM_NAME_TAKEN",
      field: "name",
    });
    expect((await codeOf(getTeam(s.ctx, s.otherAdmin, t.id))).code).toBe("NOT_FOUND");
    expect((await codeOf(deleteTeam(s.ctx, s.otherAdmin, t.id))).code).toBe("NOT_FOUND");
    const v = await createVehicle(s.ctx, s.admin, input({ team_id: t.id }));
    expect((await codeOf(deleteTeam(s.ctx, s.admin, t.id))).code).toBe("TEAM_IN_USE");
    await deleteVehicle(s.ctx, s.admin, v.id);
    await deleteTeam(s.ctx, s.admin, t.id);
    expect((await codeOf(getTeam(s.ctx, s.admin, t.id))).code).toBe("NOT_FOUND");
  });

  it("lists teams with vehicle and member counts", async () => {
    const page = await listTeams(s.ctx, s.admin, parseListQuery({ sort: "name" }));
    const first = page.items[0];
    const vehicles = await s.ctx.db.selectFrom("vehicles").select("id").where("team_id", "=", first.id).execute();
    expect(Number(first.vehicle_count)).toBe(vehicles.length);
    expect(Number(first.member_count)).toBeGreaterThan(0);
  });
});
