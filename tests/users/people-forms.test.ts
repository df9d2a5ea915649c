import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import { apiLogin } from "../support/api-auth";
import { createTestOrg, uniqueEmail, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let domain: string;
let admin: FormClient;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx, { demo: true });
  domain = `${org.orgId.slice(0, 8)}.test.flota`;
  admin = new FormClient(srv.url);
  await admin.login(org.adminEmail, org.adminPassword);
  admin.cookies.set("lng", "en");
});
afterAll(async () => srv?.close());

const signIn = async (email: string, lng = "en") => {
  const client = new FormClient(srv.url);
  await client.login(email, DEMO_PASSWORD);
  client.cookies.set("lng", lng);
  return client;
};

describe("drivers and users forms without JavaScript", () => {
  it("answers an add-driver form with empty required fields with 400, 'please fill all fields' and the typed values", async () => {
    const res = await admin.post("/configuration/drivers/add", {
      first_name: "",
      last_name: "",
      role_id: "",
      middle_name: "Mid-Kept",
      personal_number: "K12345678L",
      phone: "+355 69 111 2222",
      birthday: "1990-04-05",
      password: "never-echo-me",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain('value="Mid-Kept"');
    expect(html).toContain('value="K12345678L"');
    expect(html).toContain('value="1990-04-05"');
    expect(html).not.toContain("never-echo-me");
    expect(html).toMatch(/id="first_name-error"[^>]*>.*This field is required/s);
    const count = await srv.ctx.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("personal_number", "=", "K12345678L")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("adds a driver and shows it in the server-side searched list", async () => {
    const res = await admin.post("/configuration/drivers/add", {
      first_name: "Blerim",
      last_name: "Dervishi",
      role_id: org.roles.driver,
      personal_number: "Z99887766Q",
      birthday: "1985-12-31",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/configuration/drivers/list?saved=1");
    const list = await (await admin.get("/configuration/drivers/list?q=Z99887766Q")).text();
    expect(list).toContain("Blerim Dervishi");
    expect(list).not.toContain("Ilir Leka");
    const row = await srv.ctx.db
      .selectFrom("users")
      .select(["is_driver", "birthday"])
      .where("personal_number", "=", "Z99887766Q")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_driver: true, birthday: "1985-12-31" });
  });

  it("adds a user restricted to the web app and to selected vehicles", async () => {
    const vehicles = await srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.orgId)
      .orderBy("registration")
      .limit(2)
      .execute();
    const email = uniqueEmail("web");
    const res = await admin.post("/configuration/users/add", {
      first_name: "Vesa",
      last_name: "Krasniqi",
      email,
      password: "vesa-pass-1",
      role_id: org.roles.viewer,
      web_only: "on",
      default_language: "en",
      active: ["false", "true"],
      vehicle_access: "selected",
      vehicle_ids: vehicles.map((v) => v.id),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/configuration/users/list?saved=1");
    const user = await srv.ctx.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ web_only: true, vehicle_access: "selected", default_language: "en", active: true });
    const links = await srv.ctx.db
      .selectFrom("user_vehicles")
      .select("vehicle_id")
      .where("user_id", "=", user.id)
      .execute();
    expect(links.map((l) => l.vehicle_id).sort()).toEqual(vehicles.map((v) => v.id).sort());

    const refused = await apiLogin(srv, email, "vesa-pass-1", { webLogin: false });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("WEB_ONLY_ACCOUNT");
    expect((await apiLogin(srv, email, "vesa-pass-1", { webLogin: true })).status).toBe(200);
  });

  it("asks for an e-mail on the users screen and keeps the chosen vehicles after an error", async () => {
    const vehicle = await srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.orgId)
      .orderBy("registration", "desc")
      .executeTakeFirstOrThrow();
    const res = await admin.post("/configuration/users/add", {
      first_name: "Pa",
      last_name: "Email",
      role_id: org.roles.viewer,
      vehicle_access: "selected",
      vehicle_ids: vehicle.id,
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("please fill all fields");
    expect(html).toMatch(new RegExp(`value="${vehicle.id}" checked=""|checked="" value="${vehicle.id}"`));
    expect(html).toMatch(/value="selected" checked=""|checked="" value="selected"/);
  });

  it("offers a fleet manager only the roles within the manager's rights", async () => {
    const manager = await signIn(`manager@${domain}`);
    const html = await (await manager.get("/configuration/users/add")).text();
    expect(html).toContain(`value="${org.roles.viewer}"`);
    expect(html).not.toContain(`value="${org.roles.administrator}"`);
  });

  it("shows a fleet manager an administrator's role as it is, and refuses the manager's save", async () => {
    const manager = await signIn(`manager@${domain}`);
    const page = await (await manager.get(`/configuration/users/update/${org.adminId}`)).text();
    expect(page).toMatch(new RegExp(`<option value="${org.roles.administrator}" selected="">`));
    const res = await manager.post(`/configuration/users/update/${org.adminId}`, {
      first_name: "Admin",
      last_name: "Renamed",
      email: org.adminEmail,
      role_id: org.roles.administrator,
      active: "true",
      vehicle_access: "all",
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("You are not allowed to do this.");
    const admin = await srv.ctx.db
      .selectFrom("users")
      .select(["last_name", "role_id"])
      .where("id", "=", org.adminId)
      .executeTakeFirstOrThrow();
    expect(admin.last_name).not.toBe("Renamed");
    expect(admin.role_id).toBe(org.roles.administrator);
  });

  it("deletes a driver after the confirmation step", async () => {
    const driver = await srv.ctx.db
      .selectFrom("users")
      .select(["id", "first_name"])
      .where("org_id", "=", org.orgId)
      .where("is_driver", "=", true)
      .where("email", "is", null)
      .executeTakeFirstOrThrow();
    const confirm = await (await admin.get(`/configuration/drivers/edit/${driver.id}?delete=1`)).text();
    expect(confirm).toContain('data-testid="confirm-delete"');
    const res = await admin.post(
      `/configuration/drivers/edit/${driver.id}`,
      { intent: "delete" },
      { from: `/configuration/drivers/edit/${driver.id}` },
    );
    expect(res.status).toBe(302);
    expect(
      await srv.ctx.db.selectFrom("users").select("id").where("id", "=", driver.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe("configuration permissions", () => {
  it("answers 403 to a viewer on the users list", async () => {
    const viewer = await signIn(`viewer@${domain}`);
    expect((await viewer.get("/configuration/users/list")).status).toBe(403);
    expect((await viewer.get("/configuration/drivers/list")).status).toBe(200);
  });

  it("shows a viewer only the configuration links the viewer may open", async () => {
    const viewer = await signIn(`viewer@${domain}`);
    const html = await (await viewer.get("/configuration/list")).text();
    const nav = /<nav[^>]*data-testid="config-nav"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
    const sections = [...nav.matchAll(/data-section="(\w+)"/g)].map((m) => m[1]);
    expect(sections).toEqual(["drivers", "vehicles", "teams", "profile", "help"]);
    expect(nav).toContain('action="/logout"');
    const adminNav =
      /<nav[^>]*data-testid="config-nav"[^>]*>(.*?)<\/nav>/s.exec(
        await (await admin.get("/configuration/list")).text(),
      )?.[1] ?? "";
    expect([...adminNav.matchAll(/data-section="(\w+)"/g)].map((m) => m[1])).toEqual([
      "organization",
      "drivers",
      "vehicles",
      "teams",
      "users",
      "settings",
      "auditLog",
      "forwarding",
      "webhooks",
      "profile",
      "help",
    ]);
  });

  it("marks the section of the current page in the configuration menu", async () => {
    const html = await (await admin.get("/configuration/drivers/add")).text();
    expect([...html.matchAll(/data-section="(\w+)"[^>]*aria-current="page"/g)].map((m) => m[1])).toEqual(["drivers"]);
    const teams = await (await admin.get("/configuration/help")).text();
    expect([...teams.matchAll(/data-section="(\w+)"[^>]*aria-current="page"/g)].map((m) => m[1])).toEqual(["help"]);
  });

  it("redirects /configuration to the list", async () => {
    const res = await admin.get("/configuration");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/configuration/list");
  });
});
