import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetEmail } from "../../templates/email/password-reset";
import { createTestOrg, uniqueEmail, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";

/** The administration area without JavaScript: plain form posts, as a browser with scripts off sends them. */

let srv: TestServer;
let operator: TestOrg;
let tenant: TestOrg;

beforeAll(async () => {
  srv = await startTestServer();
  [operator, tenant] = await Promise.all([
    createTestOrg(srv.ctx, { operator: true }),
    createTestOrg(srv.ctx, { demo: true }),
  ]);
});
afterAll(async () => srv?.close());

async function signIn(email: string, password: string, lng = "en") {
  const c = new FormClient(srv.url);
  c.cookies.set("lng", lng);
  await c.login(email, password);
  return c;
}

const auditRows = (orgId: string, entity: string) =>
  srv.ctx.db
    .selectFrom("audit_log")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("entity_type", "=", entity)
    .orderBy("id")
    .execute();

describe("organisations of the installation", () => {
  it("creates a second organisation from the screen; its administrator signs in and sees only it", async () => {
    const op = await signIn(operator.adminEmail, operator.adminPassword);
    const nav = await (await op.get("/manage")).text();
    expect(nav).toContain('href="/administration/organizations"');

    const name = `Transport ${randomUUID().slice(0, 6)}`;
    const email = uniqueEmail("first-admin");
    const res = await op.post("/administration/organizations/add", {
      name,
      country: "Kosovo",
      device_quota: "3",
      admin_email: email,
      admin_first_name: "Drita",
      admin_last_name: "Berisha",
      admin_language: "en",
      password_mode: "password",
      admin_password: "first-password-1",
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/administration\/organizations\/[0-9a-f-]{36}\?created=password$/);
    const orgId = location.split("/").pop()!.split("?")[0];

    const detail = await (await op.get(location)).text();
    expect(detail).toContain(name);
    expect(detail).toContain("0 of 3");
    expect(detail).toContain(email);
    const org = await srv.ctx.db
      .selectFrom("organizations")
      .selectAll()
      .where("id", "=", orgId)
      .executeTakeFirstOrThrow();
    expect(org).toMatchObject({ name, country: "Kosovo", device_quota: 3, status: "active", is_operator: false });
    expect(
      (await auditRows(operator.orgId, "tenant")).some((r) => r.entity_id === orgId && r.action === "create"),
    ).toBe(true);

    const list = await (await op.get(`/administration/organizations?q=${encodeURIComponent(name)}`)).text();
    expect(list).toContain(name);
    for (const sort of ["name", "created", "status", "vehicles", "users"]) {
      expect((await op.get(`/administration/organizations?sort=${sort}&dir=desc`)).status, sort).toBe(200);
    }

    const admin = await signIn(email, "first-password-1");
    const company = await (await admin.get("/configuration/organization")).text();
    expect(company).toContain(`value="${name}"`);
    const vehicles = await (await admin.get("/configuration/vehicles/list")).text();
    expect(vehicles).not.toContain("AA 101");
    const me = await (await admin.get("/api/auth/details/admin")).json();
    expect(me.user.organization_id).toBe(orgId);
    expect(me.permissions).toContain("audit:read");
    expect(me.permissions).not.toContain("installation:admin");
    expect((await admin.get("/administration/organizations")).status).toBe(403);
  });

  it("keeps the typed values and reports a taken e-mail; e-mail mode sends a set-password code", async () => {
    const op = await signIn(operator.adminEmail, operator.adminPassword);
    const taken = await op.post("/administration/organizations/add", {
      name: "Taken Ltd",
      admin_email: tenant.adminEmail,
      admin_first_name: "A",
      admin_last_name: "B",
      admin_language: "al",
      password_mode: "email",
    });
    expect(taken.status).toBe(409);
    const html = await taken.text();
    expect(html).toContain("This e-mail is used by another account.");
    expect(html).toContain('value="Taken Ltd"');

    const missing = await op.post("/administration/organizations/add", {
      name: "No Password Ltd",
      admin_email: uniqueEmail("np"),
      admin_first_name: "A",
      admin_last_name: "B",
      password_mode: "password",
    });
    expect(missing.status).toBe(400);

    const email = uniqueEmail("invited");
    const res = await op.post("/administration/organizations/add", {
      name: `Invited ${randomUUID().slice(0, 6)}`,
      admin_email: email,
      admin_first_name: "Era",
      admin_last_name: "Kola",
      admin_language: "al",
      password_mode: "email",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/\?created=email$/);
    const user = await srv.ctx.db
      .selectFrom("users")
      .select(["id", "password_hash", "default_language"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
    expect(user.default_language).toBe("al");
    const resets = await srv.ctx.db
      .selectFrom("password_resets")
      .select("expires_at")
      .where("user_id", "=", user.id)
      .execute();
    expect(resets).toHaveLength(1);
    // A welcome code, valid three days (a reset code lasts 15 minutes), with its own text.
    expect(new Date(resets[0].expires_at).getTime() - Date.now()).toBeGreaterThan(71 * 3_600_000);
    const mail = passwordResetEmail({
      to: email,
      name: "Era",
      code: "123456",
      language: "en",
      link: "http://x/newPassword",
      minutes: 72 * 60,
      purpose: "welcome",
    });
    expect(mail.subject).toBe("Your Flota account is ready: code 123456");
    expect(mail.text).toContain("valid for 72 hours");
  });

  it("suspending ends the organisation's sessions and refuses sign-in with a clear message; reactivating lets it in again", async () => {
    const other = await createTestOrg(srv.ctx);
    const user = await signIn(other.adminEmail, other.adminPassword);
    expect((await user.get("/manage")).status).toBe(200);

    const op = await signIn(operator.adminEmail, operator.adminPassword);
    expect((await op.post(`/administration/organizations/${other.orgId}`, { intent: "suspend" })).status).toBe(302);
    expect(
      (
        await srv.ctx.db
          .selectFrom("organizations")
          .select("status")
          .where("id", "=", other.orgId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("suspended");

    const after = await user.get("/manage");
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/login/);

    const again = new FormClient(srv.url);
    again.cookies.set("lng", "en");
    const refused = await again.post("/login", { email: other.adminEmail, password: other.adminPassword });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your organisation is suspended.");
    expect(await (await again.get("/login?error=suspended")).text()).toContain("Your organisation is suspended.");
    const wrong = await again.post("/login", { email: other.adminEmail, password: "wrong-password" });
    expect(wrong.status).toBe(401);
    const api = await fetch(`${srv.url}/api/auth/login`, {
      method: "POST",
      body: new URLSearchParams({
        email: other.adminEmail,
        password: other.adminPassword,
        grant_type: "password",
        web_login: "true",
      }),
    });
    expect(api.status).toBe(403);
    expect((await api.json()).error).toBe("ORGANIZATION_SUSPENDED");

    expect((await op.post(`/administration/organizations/${other.orgId}`, { intent: "reactivate" })).status).toBe(302);
    await signIn(other.adminEmail, other.adminPassword);
    expect(
      (await auditRows(operator.orgId, "tenant")).filter((r) => r.entity_id === other.orgId).map((r) => r.action),
    ).toEqual(["suspend", "reactivate"]);
  });

  it("deletes only a suspended organisation, and only with its name typed again", async () => {
    const doomed = await createTestOrg(srv.ctx, { demo: true });
    const name = (
      await srv.ctx.db
        .selectFrom("organizations")
        .select("name")
        .where("id", "=", doomed.orgId)
        .executeTakeFirstOrThrow()
    ).name;
    const op = await signIn(operator.adminEmail, operator.adminPassword);
    const url = `/administration/organizations/${doomed.orgId}`;

    const active = await op.post(url, { intent: "delete", confirmation: name });
    expect(active.status).toBe(409);
    expect(await active.text()).toContain("Suspend the organisation before deleting it.");

    await op.post(url, { intent: "suspend" });
    const confirmPage = await (await op.get(`${url}?delete=1`)).text();
    expect(confirmPage).toContain('name="confirmation"');
    const mismatch = await op.post(url, { intent: "delete", confirmation: `${name} typo` });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The name you typed does not match");
    expect(
      await srv.ctx.db.selectFrom("organizations").select("id").where("id", "=", doomed.orgId).executeTakeFirst(),
    ).toBeDefined();

    const vehicle = await srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", doomed.orgId)
      .executeTakeFirstOrThrow();
    const at = new Date();
    await sql`SELECT flota_ensure_position_partitions(${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`.execute(
      srv.ctx.db,
    );
    await srv.ctx.db
      .insertInto("positions")
      .values({
        org_id: doomed.orgId,
        vehicle_id: vehicle.id,
        device_id: "test",
        fix_time: at,
        lat: 41.33,
        lon: 19.82,
      } as never)
      .execute();

    const done = await op.post(url, { intent: "delete", confirmation: name });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/administration/organizations?deleted=1");
    expect(
      await srv.ctx.db.selectFrom("organizations").select("id").where("id", "=", doomed.orgId).executeTakeFirst(),
    ).toBeUndefined();
    expect(await srv.ctx.db.selectFrom("vehicles").select("id").where("org_id", "=", doomed.orgId).execute()).toEqual(
      [],
    );
    expect(await srv.ctx.db.selectFrom("users").select("id").where("org_id", "=", doomed.orgId).execute()).toEqual([]);
    expect(
      await srv.ctx.db.selectFrom("positions").select("vehicle_id").where("vehicle_id", "=", vehicle.id).execute(),
    ).toEqual([]);
    const record = (await auditRows(operator.orgId, "tenant")).find(
      (r) => r.entity_id === doomed.orgId && r.action === "delete",
    );
    expect(record?.before).toMatchObject({ name, counts: { vehicles: 25 } });
  });

  it("refuses to suspend, delete or support the operator organisation", async () => {
    const op = await signIn(operator.adminEmail, operator.adminPassword);
    const res = await op.post(`/administration/organizations/${operator.orgId}`, { intent: "suspend" });
    expect(res.status).toBe(409);
    expect(
      (
        await srv.ctx.db
          .selectFrom("organizations")
          .select("status")
          .where("id", "=", operator.orgId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("active");
  });

  it("signs in as an organisation's administrator for support: marked in the header, audited in both logs, ended by the way back", async () => {
    const op = await signIn(operator.adminEmail, operator.adminPassword);
    const opToken = op.cookies.get("flota_session");
    const start = await op.post(`/administration/organizations/${tenant.orgId}`, { intent: "support" });
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("/manage");
    expect(op.cookies.get("flota_session")).not.toBe(opToken);
    expect(op.cookies.get("flota_support_return")).toBe(opToken);

    const page = await (await op.get("/configuration/organization")).text();
    expect(page).toContain('data-testid="support-banner"');
    expect(page).toContain("Back to my account");
    const tenantName = (
      await srv.ctx.db
        .selectFrom("organizations")
        .select("name")
        .where("id", "=", tenant.orgId)
        .executeTakeFirstOrThrow()
    ).name;
    expect(page).toContain(`value="${tenantName}"`);
    expect((await op.get("/administration/organizations")).status).toBe(403);

    // A change made in support is written with the support marker.
    await op.post("/configuration/settings", {
      attendance_start_threshold: "09:30",
      checkin_radius_m: "150",
      checkout_radius_m: "150",
    });
    const settings = await auditRows(tenant.orgId, "settings");
    expect(settings.at(-1)).toMatchObject({ user_id: tenant.adminId, support_user_id: operator.adminId });

    // It works as the administrator but does not take over the account.
    const hash = () =>
      srv.ctx.db.selectFrom("users").select("password_hash").where("id", "=", tenant.adminId).executeTakeFirstOrThrow();
    const before = await hash();
    const pw = await op.post("/configuration/profile", {
      intent: "password",
      current_password: tenant.adminPassword,
      new_password: "taken-over-1",
      confirm_password: "taken-over-1",
    });
    expect(pw.status).toBe(403);
    expect(await hash()).toEqual(before);

    const [mine, theirs] = await Promise.all([
      auditRows(operator.orgId, "support_session"),
      auditRows(tenant.orgId, "support_session"),
    ]);
    expect(mine.at(-1)).toMatchObject({ action: "start", user_id: operator.adminId });
    expect(mine.at(-1)?.after).toMatchObject({ organization_id: tenant.orgId, signed_in_as: { id: tenant.adminId } });
    expect(theirs.at(-1)).toMatchObject({ action: "start", user_id: operator.adminId });

    // The organisation's own administrator sees it in their audit log.
    const own = await signIn(tenant.adminEmail, tenant.adminPassword);
    const log = await (await own.get("/configuration/audit-log?entity=support_session")).text();
    expect(log).toContain("Support session");
    expect(log).toContain("Started");
    const changes = await (await own.get("/configuration/audit-log?entity=settings")).text();
    expect(changes).toContain("support session by");

    const back = await op.post("/administration/support/end", {});
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(`/administration/organizations/${tenant.orgId}`);
    expect(op.cookies.get("flota_session")).toBe(opToken);
    expect(op.cookies.has("flota_support_return")).toBe(false);
    expect((await op.get("/administration/organizations")).status).toBe(200);
    expect((await auditRows(tenant.orgId, "support_session")).at(-1)).toMatchObject({
      action: "end",
      support_user_id: operator.adminId,
    });
  });

  it("ends the support session with the administrator's session", async () => {
    const op = await signIn(operator.adminEmail, operator.adminPassword);
    await op.post(`/administration/organizations/${tenant.orgId}`, { intent: "support" });
    const supportToken = op.cookies.get("flota_session")!;
    const session = await srv.ctx.db
      .selectFrom("sessions")
      .select(["support_parent_id"])
      .where("support_user_id", "=", operator.adminId)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    await srv.ctx.db.deleteFrom("sessions").where("id", "=", session.support_parent_id!).execute();
    const after = await fetch(`${srv.url}/manage`, {
      redirect: "manual",
      headers: { cookie: `flota_session=${supportToken}` },
    });
    expect(after.status).toBe(302);

    // Signing out inside a support session signs the administrator out too.
    const op2 = await signIn(operator.adminEmail, operator.adminPassword);
    const opToken = op2.cookies.get("flota_session")!;
    await op2.post(`/administration/organizations/${tenant.orgId}`, { intent: "support" });
    await op2.post("/logout", {});
    const old = await fetch(`${srv.url}/manage`, {
      redirect: "manual",
      headers: { cookie: `flota_session=${opToken}` },
    });
    expect(old.status).toBe(302);
  });

  it("keeps non-operators out of the administration area and its API", async () => {
    const admin = await signIn(tenant.adminEmail, tenant.adminPassword);
    const manage = await (await admin.get("/manage")).text();
    expect(manage).not.toContain('href="/administration/organizations"');
    for (const path of [
      "/administration",
      "/administration/organizations",
      "/administration/organizations/add",
      `/administration/organizations/${operator.orgId}`,
    ]) {
      expect([403, 404], path).toContain((await admin.get(path)).status);
    }
    const post = await admin.post(`/administration/organizations/${operator.orgId}`, { intent: "suspend" });
    expect([403, 404]).toContain(post.status);
    const login = await (
      await fetch(`${srv.url}/api/auth/login`, {
        method: "POST",
        body: new URLSearchParams({
          email: tenant.adminEmail,
          password: tenant.adminPassword,
          grant_type: "password",
          web_login: "true",
        }),
      })
    ).json();
    const auth = { authorization: `Bearer ${login.access_token}`, "content-type": "application/json" };
    expect((await fetch(`${srv.url}/api/administration/organizations`, { headers: auth })).status).toBe(403);
    const create = await fetch(`${srv.url}/api/administration/organizations`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        name: "Sneaky",
        admin_email: uniqueEmail("s"),
        admin_first_name: "S",
        admin_last_name: "N",
        password_mode: "email",
      }),
    });
    expect(create.status).toBe(403);
    for (const method of ["PUT", "DELETE"]) {
      const res = await fetch(`${srv.url}/api/administration/organizations/${operator.orgId}`, {
        method,
        headers: auth,
        body: "{}",
      });
      expect(res.status, method).toBe(403);
    }
    expect(await srv.ctx.db.selectFrom("organizations").select("id").where("name", "=", "Sneaky").execute()).toEqual(
      [],
    );
    // An unknown organisation is a 404 for the operator.
    const op = await signIn(operator.adminEmail, operator.adminPassword);
    expect((await op.get(`/administration/organizations/${randomUUID()}`)).status).toBe(404);
  });
});
