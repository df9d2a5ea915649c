import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import { type TestOrg } from "../support/context";
import { type FormClient, signedInClient, startSignedInBesideOther, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let admin: FormClient;

const teamByName = (orgId: string, name: string) =>
  srv.ctx.db.selectFrom("teams").selectAll().where("org_id", "=", orgId).where("name", "=", name).executeTakeFirst();

beforeAll(async () => {
  ({ srv, org, other, admin } = await startSignedInBesideOther());
});
afterAll(async () => srv?.close());

describe("teams without JavaScript", () => {
  it("lists the organisation's teams with vehicle and member counts and searches by name", async () => {
    const res = await admin.get("/configuration/vehicles/teams?sort=name");
    expect(res.status).toBe(200);
    const html = await res.text();
    const port = (await teamByName(org.orgId, "Durrës Port"))!;
    const vehicles = await srv.ctx.db.selectFrom("vehicles").select("id").where("team_id", "=", port.id).execute();
    expect(html).toMatch(
      new RegExp(
        `href="/configuration/vehicles/teams/update/${port.id}"[^>]*>Durrës Port</a></td><td>[^<]*</td><td>${vehicles.length}</td>`,
      ),
    );
    expect(html).toContain('href="/configuration/vehicles/teams/add"');
    const other = await (await admin.get("/configuration/vehicles/teams?q=tirana")).text();
    expect(other).toContain("Tirana Centre");
    expect(other).not.toContain("Durrës Port");
  });

  it("add: a missing name gives 'please fill all fields' and keeps the description; a valid one creates the team", async () => {
    const bad = await admin.post("/configuration/vehicles/teams/add", { name: " ", description: "Night shift" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain("Night shift</textarea>");
    const ok = await admin.post("/configuration/vehicles/teams/add", {
      name: "Vlorë South",
      description: "Night shift",
    });
    expect(ok.status).toBe(302);
    const team = await teamByName(org.orgId, "Vlorë South");
    expect(team?.description).toBe("Night shift");
    expect(ok.headers.get("location")).toBe(`/configuration/vehicles/teams/update/${team!.id}?created=1`);
  });

  it("add: refuses a name in use with the translated TEAM_NAME_TAKEN message", async () => {
    const res = await admin.post("/configuration/vehicles/teams/add", { name: "tirana centre" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("A team with this name exists.");
  });

  it("update: saves the new name and clears the description", async () => {
    const created = await admin.post("/configuration/vehicles/teams/add", { name: "Fier", description: "old" });
    const path = created.headers.get("location")!.split("?")[0];
    const res = await admin.post(path, { name: "Fier West", description: "" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${path}?saved=1`);
    const team = await teamByName(org.orgId, "Fier West");
    expect(team?.description).toBeNull();
    const page = await (await admin.get(path)).text();
    expect(page).toContain('value="Fier West"');
    const empty = await admin.post(path, { name: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("please fill all fields");
    expect(await teamByName(org.orgId, "Fier West")).toBeTruthy();
  });

  it("delete: refuses a team that still has vehicles, deletes an empty one after confirmation", async () => {
    const port = (await teamByName(org.orgId, "Durrës Port"))!;
    const inUse = await admin.post(`/configuration/vehicles/teams/update/${port.id}`, { intent: "delete" });
    expect(inUse.status).toBe(409);
    expect(await inUse.text()).toContain("The team still has members or vehicles.");
    expect(await teamByName(org.orgId, "Durrës Port")).toBeTruthy();

    const created = await admin.post("/configuration/vehicles/teams/add", { name: "Temporary" });
    const path = created.headers.get("location")!.split("?")[0];
    expect(await (await admin.get(`${path}?delete=1`)).text()).toContain("Delete team Temporary?");
    const res = await admin.post(path, { intent: "delete" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/configuration/vehicles/teams?deleted=1");
    expect(await teamByName(org.orgId, "Temporary")).toBeUndefined();
  });

  it("answers 404 for another organisation's team and leaves it unchanged", async () => {
    const foreign = await srv.ctx.db
      .selectFrom("teams")
      .select(["id", "name"])
      .where("org_id", "=", other.orgId)
      .executeTakeFirstOrThrow();
    expect((await admin.get(`/configuration/vehicles/teams/update/${foreign.id}`)).status).toBe(404);
    const res = await admin.post(
      `/configuration/vehicles/teams/update/${foreign.id}`,
      { name: "Taken over" },
      { from: "/configuration/vehicles/teams" },
    );
    expect(res.status).toBe(404);
    expect(await teamByName(other.orgId, foreign.name)).toBeTruthy();
  });

  it("a viewer sees only their own team, read-only, and cannot open the add page", async () => {
    const viewer = await signedInClient(srv, `viewer@${org.orgId.slice(0, 8)}.test.flota`, DEMO_PASSWORD);
    const own = await srv.ctx.db
      .selectFrom("users")
      .innerJoin("teams", "teams.id", "users.team_id")
      .select(["teams.id", "teams.name"])
      .where("users.org_id", "=", org.orgId)
      .where("users.role_id", "=", org.roles.viewer)
      .executeTakeFirstOrThrow();
    const list = await (await viewer.get("/configuration/vehicles/teams")).text();
    expect(list).toContain(own.name);
    expect(list).toContain("1 in total");
    expect(list).not.toContain('href="/configuration/vehicles/teams/add"');
    expect((await viewer.get("/configuration/vehicles/teams/add")).status).toBe(403);
    const page = await (await viewer.get(`/configuration/vehicles/teams/update/${own.id}`)).text();
    expect(page).toMatch(/<fieldset disabled=""/);
    expect(page).not.toContain('data-testid="delete-start"');
  });
});
