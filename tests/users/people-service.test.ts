import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_PERMISSIONS } from "../../server/modules/access/permissions";
import { loadPrincipal } from "../../server/modules/auth/auth.service";
import { personInputSchema } from "../../server/modules/users/users.schema";
import {
  changePassword,
  createPerson,
  deletePerson,
  listPeople,
  updatePerson,
} from "../../server/modules/users/users.service";
import { getVehicle, listVehicles } from "../../server/modules/vehicles/vehicles.service";
import { parseListQuery } from "../../server/modules/shared/listing";
import {
  createTestContext,
  createTestOrg,
  principalFor,
  uniqueEmail,
  type TestContext,
  type TestOrg,
} from "../support/context";
import { outcome } from "../support/outcome";

let ctx: TestContext;
let org: TestOrg;
let domain: string;

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
  domain = `${org.orgId.slice(0, 8)}.test.flota`;
});
afterAll(async () => ctx?.close());

const userId = async (email: string) =>
  (await ctx.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

const person = (fields: Record<string, unknown>) =>
  personInputSchema.parse({ first_name: "Arta", last_name: "Hoxha", role_id: org.roles.viewer, ...fields });

describe("people service: creating and changing people", () => {
  it("refuses an e-mail that another account uses (EMAIL_TAKEN), whatever its case", async () => {
    const admin = await principalFor(ctx, org.adminId);
    expect(await outcome(createPerson(ctx, admin, "users", person({ email: `MANAGER@${domain}` })))).toBe(
      "EMAIL_TAKEN",
    );
    const ok = await createPerson(ctx, admin, "users", person({ email: uniqueEmail("arta") }));
    expect(ok.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lets a fleet manager give only roles within the manager's own rights", async () => {
    const manager = await principalFor(ctx, await userId(`manager@${domain}`));
    const asAdmin = person({ email: uniqueEmail("boss"), role_id: org.roles.administrator });
    expect(await outcome(createPerson(ctx, manager, "users", asAdmin))).toBe("FORBIDDEN");
    const asViewer = person({ email: uniqueEmail("viewer") });
    expect(await outcome(createPerson(ctx, manager, "users", asViewer))).toBe("OK");
  });

  it("keeps at least one active administrator when demoting (LAST_ADMIN)", async () => {
    const manager = await principalFor(ctx, await userId(`manager@${domain}`));
    const admin = await ctx.db.selectFrom("users").selectAll().where("id", "=", org.adminId).executeTakeFirstOrThrow();
    const demoted = person({
      first_name: admin.first_name,
      last_name: admin.last_name,
      email: admin.email,
      role_id: org.roles.viewer,
    });
    expect(await outcome(updatePerson(ctx, manager, "users", org.adminId, demoted))).toBe("LAST_ADMIN");
    const role = await ctx.db
      .selectFrom("users")
      .select("role_id")
      .where("id", "=", org.adminId)
      .executeTakeFirstOrThrow();
    expect(role.role_id).toBe(org.roles.administrator);
  });

  it("keeps at least one active administrator when deleting (LAST_ADMIN), and nobody deletes themselves", async () => {
    const superRole = await ctx.db
      .insertInto("roles")
      .values({
        org_id: org.orgId,
        key: "super_user",
        name: "Super user",
        permissions: [...ALL_PERMISSIONS],
        options: {},
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const admin = await principalFor(ctx, org.adminId);
    const row = await createPerson(ctx, admin, "users", person({ email: uniqueEmail("super"), role_id: superRole.id }));
    const superUser = await principalFor(ctx, row.id);
    expect(await outcome(deletePerson(ctx, superUser, "users", org.adminId))).toBe("LAST_ADMIN");
    expect(await outcome(deletePerson(ctx, superUser, "users", superUser.userId))).toBe("CONFLICT");
    expect(await outcome(deletePerson(ctx, admin, "users", admin.userId))).toBe("CONFLICT");
    expect(
      await ctx.db.selectFrom("users").select("id").where("id", "=", org.adminId).executeTakeFirst(),
    ).toBeDefined();

    const second = await createPerson(
      ctx,
      admin,
      "users",
      person({ email: uniqueEmail("admin2"), role_id: org.roles.administrator }),
    );
    expect(await outcome(deletePerson(ctx, superUser, "users", second.id))).toBe("OK");
  });

  it("restricts a user with selected vehicles to exactly those in the vehicles service", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const all = await listVehicles(ctx, admin, parseListQuery({ size: 200 }));
    expect(all.total).toBe(25);
    const chosen = all.items.slice(0, 2).map((v) => v.id);
    const row = await createPerson(
      ctx,
      admin,
      "users",
      person({
        email: uniqueEmail("limited"),
        role_id: org.roles.fleet_manager,
        vehicle_access: "selected",
        vehicle_ids: chosen,
      }),
    );
    const limited = await principalFor(ctx, row.id);
    const seen = await listVehicles(ctx, limited, parseListQuery({ size: 200 }));
    expect(seen.items.map((v) => v.id).sort()).toEqual([...chosen].sort());
    expect(await outcome(getVehicle(ctx, limited, all.items[5].id))).toMatch(/NOT_FOUND|FORBIDDEN/);
    expect((await getVehicle(ctx, limited, chosen[0])).id).toBe(chosen[0]);
  });

  it("lists drivers only, with their vehicles, searched and sorted on the server", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const drivers = await listPeople(ctx, admin, "drivers", parseListQuery({ size: 100 }));
    expect(drivers.items.every((d) => d.is_driver)).toBe(true);
    expect(drivers.items.filter((d) => d.vehicle_registrations).length).toBe(12);
    const one = drivers.items.find((d) => d.personal_number)!;
    const found = await listPeople(ctx, admin, "drivers", parseListQuery({ q: one.personal_number! }));
    expect(found.items.map((d) => d.id)).toEqual([one.id]);
    const byPhone = await listPeople(ctx, admin, "drivers", parseListQuery({ sort: "phone", dir: "desc", size: 100 }));
    const phones = byPhone.items.map((d) => d.phone).filter((x): x is string => x !== null);
    expect(phones).toEqual([...phones].sort().reverse());
  });
});

describe("people service: passwords", () => {
  it("needs the current password and signs the user out of the other sessions", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const row = await createPerson(ctx, admin, "users", person({ email: uniqueEmail("pw"), password: "first-pass-1" }));
    const here = await principalFor(ctx, row.id);
    const elsewhere = await principalFor(ctx, row.id);
    const wrong = changePassword(ctx, here, {
      current_password: "not-it-at-all",
      new_password: "second-pass-2",
      confirm_password: "second-pass-2",
    });
    expect(await outcome(wrong)).toBe("CURRENT_PASSWORD_WRONG");
    expect(await loadPrincipal(ctx, elsewhere.token)).not.toBeNull();

    await changePassword(ctx, here, {
      current_password: "first-pass-1",
      new_password: "second-pass-2",
      confirm_password: "second-pass-2",
    });
    expect(await loadPrincipal(ctx, elsewhere.token)).toBeNull();
    expect((await loadPrincipal(ctx, here.token))?.userId).toBe(row.id);
  });
});

describe("people service: vehicle access edited by someone who sees fewer vehicles", () => {
  it("keeps the selected vehicles the editor cannot see", async () => {
    const admin = await principalFor(ctx, org.adminId);
    const teams = await ctx.db
      .selectFrom("teams")
      .select("id")
      .where("org_id", "=", org.orgId)
      .orderBy("name")
      .execute();
    const [teamA, teamB] = [teams[0].id, teams[1].id];
    const vehicles = await ctx.db
      .selectFrom("vehicles")
      .select(["id", "team_id"])
      .where("org_id", "=", org.orgId)
      .execute();
    const inA = vehicles.find((v) => v.team_id === teamA)!.id;
    const inB = vehicles.find((v) => v.team_id === teamB)!.id;
    const role = await ctx.db
      .insertInto("roles")
      .values({
        org_id: org.orgId,
        key: "team_user_admin",
        name: "Team user admin",
        permissions: ["users:read", "users:write", "vehicles:read", "teams:read"],
        options: "{}",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const editorRow = await createPerson(
      ctx,
      admin,
      "users",
      person({ email: uniqueEmail("editor"), password: "editor-pass-1", role_id: role.id, team_id: teamA }),
    );
    const target = await createPerson(
      ctx,
      admin,
      "users",
      person({
        email: uniqueEmail("target"),
        role_id: role.id,
        team_id: teamA,
        vehicle_access: "selected",
        vehicle_ids: [inA, inB],
      }),
    );
    const editor = await principalFor(ctx, editorRow.id);
    await updatePerson(
      ctx,
      editor,
      "users",
      target.id,
      person({
        email: uniqueEmail("target2"),
        role_id: role.id,
        team_id: teamA,
        vehicle_access: "selected",
        vehicle_ids: [inA],
        first_name: "Renamed",
      }),
    );
    const kept = await ctx.db
      .selectFrom("user_vehicles")
      .select("vehicle_id")
      .where("user_id", "=", target.id)
      .execute();
    expect(kept.map((k) => k.vehicle_id).sort()).toEqual([inA, inB].sort());
  });
});
