import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AlertRulesCache } from "../../server/modules/alerts/alert-rules";
import { createTestContext, type TestContext } from "../support/context";
import {
  createAlertPolicy,
  createDriver,
  createPlace,
  createTeam,
  createUser,
  createVehicle,
} from "../support/factories";

let ctx: TestContext;
beforeAll(() => {
  ctx = createTestContext();
});
afterAll(async () => ctx?.close());

describe("test data factories", () => {
  it("create the parents they were not given, and link what they were given", async () => {
    const vehicle = await createVehicle(ctx, { team: "new", driver: "new", device: "gt06" });
    expect(vehicle.org.orgId).toBe(vehicle.org_id);
    expect(vehicle).toMatchObject({ device_protocol: "gt06", device_imei: vehicle.imei });
    expect(vehicle.imei).toMatch(/^\d{15}$/);
    const driver = await ctx.db
      .selectFrom("users")
      .select(["org_id", "team_id", "is_driver"])
      .where("id", "=", vehicle.driver_id!)
      .executeTakeFirstOrThrow();
    expect(driver).toEqual({ org_id: vehicle.org_id, team_id: vehicle.team_id, is_driver: true });

    const team = await createTeam(ctx, { org: vehicle.org });
    const user = await createUser(ctx, { org: vehicle.org, role: "dispatcher", team: team.id });
    expect(user).toMatchObject({ org_id: vehicle.org_id, team_id: team.id, role_id: vehicle.org.roles.dispatcher });
    expect(user.email).toContain("@");
    expect((await createDriver(ctx, { org: vehicle.org })).email).toBeNull();
  });

  it("an alert policy and a geofence the engine's rules pick up", async () => {
    const vehicle = await createVehicle(ctx, { device: true });
    const fence = await createPlace(ctx, { org: vehicle.org, kind: "geofence", radiusM: 300 });
    expect(fence.max_lat - fence.min_lat).toBeCloseTo((2 * 300) / 111_320, 6);
    await createAlertPolicy(ctx, {
      org: vehicle.org,
      type: "geofence_enter",
      vehicleIds: [vehicle.id],
      geofenceIds: [fence.id],
    });
    await createAlertPolicy(ctx, { org: vehicle.org, speedLimitKmh: 70 });
    const rules = (await new AlertRulesCache(ctx.db, 0).forOrgs([vehicle.org.orgId])).get(vehicle.org.orgId)!;
    expect(rules.policyCount).toBe(2);
    expect(
      rules.byVehicle
        .get(vehicle.id)
        ?.map((p) => p.type)
        .sort(),
    ).toEqual(["geofence_enter", "speeding"]);
  });
});
