import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { passwordResetEmail } from "../../templates/email/password-reset";
import { bearerHeaders } from "../support/api-auth";
import { uniqueEmail } from "../support/context";
import { organizationsSuite } from "./organizations-suite";

/** The administration area without JavaScript: creating organisations, and no one else may enter it. */

const s = organizationsSuite();
const { signIn, auditRows } = s;

describe("organisations of the installation: creating", () => {
  it("creates a second organisation from the screen; its administrator signs in and sees only it", async () => {
    const op = await signIn(s.operator.adminEmail, s.operator.adminPassword);
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
    const org = await s.srv.ctx.db
      .selectFrom("organizations")
      .selectAll()
      .where("id", "=", orgId)
      .executeTakeFirstOrThrow();
    expect(org).toMatchObject({ name, country: "Kosovo", device_quota: 3, status: "active", is_operator: false });
    expect(
      (await auditRows(s.operator.orgId, "tenant")).some((r) => r.entity_id === orgId && r.action === "create"),
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
    const op = await signIn(s.operator.adminEmail, s.operator.adminPassword);
    const taken = await op.post("/administration/organizations/add", {
      name: "Taken Ltd",
      admin_email: s.tenant.adminEmail,
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
    const user = await s.srv.ctx.db
      .selectFrom("users")
      .select(["id", "password_hash", "default_language"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toBeNull();
    expect(user.default_language).toBe("al");
    const resets = await s.srv.ctx.db
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

  it("keeps non-operators out of the administration area and its API", async () => {
    const admin = await signIn(s.tenant.adminEmail, s.tenant.adminPassword);
    const manage = await (await admin.get("/manage")).text();
    expect(manage).not.toContain('href="/administration/organizations"');
    for (const path of [
      "/administration",
      "/administration/organizations",
      "/administration/organizations/add",
      `/administration/organizations/${s.operator.orgId}`,
    ]) {
      expect([403, 404], path).toContain((await admin.get(path)).status);
    }
    const post = await admin.post(`/administration/organizations/${s.operator.orgId}`, { intent: "suspend" });
    expect([403, 404]).toContain(post.status);
    const auth = await bearerHeaders(s.srv, s.tenant.adminEmail, s.tenant.adminPassword, { webLogin: true });
    expect((await fetch(`${s.srv.url}/api/administration/organizations`, { headers: auth })).status).toBe(403);
    const create = await fetch(`${s.srv.url}/api/administration/organizations`, {
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
      const res = await fetch(`${s.srv.url}/api/administration/organizations/${s.operator.orgId}`, {
        method,
        headers: auth,
        body: "{}",
      });
      expect(res.status, method).toBe(403);
    }
    expect(await s.srv.ctx.db.selectFrom("organizations").select("id").where("name", "=", "Sneaky").execute()).toEqual(
      [],
    );
    // An unknown organisation is a 404 for the s.operator.
    const op = await signIn(s.operator.adminEmail, s.operator.adminPassword);
    expect((await op.get(`/administration/organizations/${randomUUID()}`)).status).toBe(404);
  });
});
