import { describe, expect, it } from "vitest";
import { organizationsSuite } from "./organizations-suite";

/** The administration area without JavaScript: signing in as an organisation's administrator for support. */

const s = organizationsSuite();
const { signIn, auditRows } = s;

describe("organisations of the installation: support sessions", () => {
  it("signs in as an organisation's administrator for support: marked in the header, audited in both logs, ended by the way back", async () => {
    const op = await signIn(s.operator.adminEmail, s.operator.adminPassword);
    const opToken = op.cookies.get("flota_session");
    const start = await op.post(`/administration/organizations/${s.tenant.orgId}`, { intent: "support" });
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("/manage");
    expect(op.cookies.get("flota_session")).not.toBe(opToken);
    expect(op.cookies.get("flota_support_return")).toBe(opToken);

    const page = await (await op.get("/configuration/organization")).text();
    expect(page).toContain('data-testid="support-banner"');
    expect(page).toContain("Back to my account");
    const tenantName = (
      await s.srv.ctx.db
        .selectFrom("organizations")
        .select("name")
        .where("id", "=", s.tenant.orgId)
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
    const settings = await auditRows(s.tenant.orgId, "settings");
    expect(settings.at(-1)).toMatchObject({ user_id: s.tenant.adminId, support_user_id: s.operator.adminId });

    // It works as the administrator but does not take over the account.
    const hash = () =>
      s.srv.ctx.db
        .selectFrom("users")
        .select("password_hash")
        .where("id", "=", s.tenant.adminId)
        .executeTakeFirstOrThrow();
    const before = await hash();
    const pw = await op.post("/configuration/profile", {
      intent: "password",
      current_password: s.tenant.adminPassword,
      new_password: "taken-over-1",
      confirm_password: "taken-over-1",
    });
    expect(pw.status).toBe(403);
    expect(await hash()).toEqual(before);

    const [mine, theirs] = await Promise.all([
      auditRows(s.operator.orgId, "support_session"),
      auditRows(s.tenant.orgId, "support_session"),
    ]);
    expect(mine.at(-1)).toMatchObject({ action: "start", user_id: s.operator.adminId });
    expect(mine.at(-1)?.after).toMatchObject({
      organization_id: s.tenant.orgId,
      signed_in_as: { id: s.tenant.adminId },
    });
    expect(theirs.at(-1)).toMatchObject({ action: "start", user_id: s.operator.adminId });

    // The organisation's own administrator sees it in their audit log.
    const own = await signIn(s.tenant.adminEmail, s.tenant.adminPassword);
    const log = await (await own.get("/configuration/audit-log?entity=support_session")).text();
    expect(log).toContain("Support session");
    expect(log).toContain("Started");
    const changes = await (await own.get("/configuration/audit-log?entity=settings")).text();
    expect(changes).toContain("support session by");

    const back = await op.post("/administration/support/end", {});
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(`/administration/organizations/${s.tenant.orgId}`);
    expect(op.cookies.get("flota_session")).toBe(opToken);
    expect(op.cookies.has("flota_support_return")).toBe(false);
    expect((await op.get("/administration/organizations")).status).toBe(200);
    expect((await auditRows(s.tenant.orgId, "support_session")).at(-1)).toMatchObject({
      action: "end",
      support_user_id: s.operator.adminId,
    });
  });

  it("ends the support session with the administrator's session", async () => {
    const op = await signIn(s.operator.adminEmail, s.operator.adminPassword);
    await op.post(`/administration/organizations/${s.tenant.orgId}`, { intent: "support" });
    const supportToken = op.cookies.get("flota_session")!;
    const session = await s.srv.ctx.db
      .selectFrom("sessions")
      .select(["support_parent_id"])
      .where("support_user_id", "=", s.operator.adminId)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    await s.srv.ctx.db.deleteFrom("sessions").where("id", "=", session.support_parent_id!).execute();
    const after = await fetch(`${s.srv.url}/manage`, {
      redirect: "manual",
      headers: { cookie: `flota_session=${supportToken}` },
    });
    expect(after.status).toBe(302);

    // Signing out inside a support session signs the administrator out too.
    const op2 = await signIn(s.operator.adminEmail, s.operator.adminPassword);
    const opToken = op2.cookies.get("flota_session")!;
    await op2.post(`/administration/organizations/${s.tenant.orgId}`, { intent: "support" });
    await op2.post("/logout", {});
    const old = await fetch(`${s.srv.url}/manage`, {
      redirect: "manual",
      headers: { cookie: `flota_session=${opToken}` },
    });
    expect(old.status).toBe(302);
  });
});
