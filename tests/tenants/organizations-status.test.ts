import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { apiLogin } from "../support/api-auth";
import { createTestOrg } from "../support/context";
import { FormClient } from "../support/server";
import { organizationsSuite } from "./organizations-suite";

/** The administration area without JavaScript: suspending, reactivating and deleting organisations. */

const s = organizationsSuite();
const { signIn, auditRows } = s;

describe("organisations of the installation: suspend, reactivate, delete", () => {
  it("suspending ends the organisation's sessions and refuses sign-in with a clear message; reactivating lets it in again", async () => {
    const other = await createTestOrg(s.srv.ctx);
    const user = await signIn(other.adminEmail, other.adminPassword);
    expect((await user.get("/manage")).status).toBe(200);

    const op = await signIn(s.operator.adminEmail, s.operator.adminPassword);
    expect((await op.post(`/administration/organizations/${other.orgId}`, { intent: "suspend" })).status).toBe(302);
    expect(
      (
        await s.srv.ctx.db
          .selectFrom("organizations")
          .select("status")
          .where("id", "=", other.orgId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("suspended");

    const after = await user.get("/manage");
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/login/);

    const again = new FormClient(s.srv.url);
    again.cookies.set("lng", "en");
    const refused = await again.post("/login", { email: other.adminEmail, password: other.adminPassword });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your organisation is suspended.");
    expect(await (await again.get("/login?error=suspended")).text()).toContain("Your organisation is suspended.");
    const wrong = await again.post("/login", { email: other.adminEmail, password: "wrong-password" });
    expect(wrong.status).toBe(401);
    const api = await apiLogin(s.srv, other.adminEmail, other.adminPassword, { webLogin: true });
    expect(api.status).toBe(403);
    expect((await api.json()).error).toBe("ORGANIZATION_SUSPENDED");

    expect((await op.post(`/administration/organizations/${other.orgId}`, { intent: "reactivate" })).status).toBe(302);
    await signIn(other.adminEmail, other.adminPassword);
    expect(
      (await auditRows(s.operator.orgId, "tenant")).filter((r) => r.entity_id === other.orgId).map((r) => r.action),
    ).toEqual(["suspend", "reactivate"]);
  });

  it("deletes only a suspended organisation, and only with its name typed again", async () => {
    const doomed = await createTestOrg(s.srv.ctx, { demo: true });
    const name = (
      await s.srv.ctx.db
        .selectFrom("organizations")
        .select("name")
        .where("id", "=", doomed.orgId)
        .executeTakeFirstOrThrow()
    ).name;
    const op = await signIn(s.operator.adminEmail, s.operator.adminPassword);
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
      await s.srv.ctx.db.selectFrom("organizations").select("id").where("id", "=", doomed.orgId).executeTakeFirst(),
    ).toBeDefined();

    const vehicle = await s.srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", doomed.orgId)
      .executeTakeFirstOrThrow();
    const at = new Date();
    await sql`SELECT flota_ensure_position_partitions(${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`.execute(
      s.srv.ctx.db,
    );
    await s.srv.ctx.db
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
      await s.srv.ctx.db.selectFrom("organizations").select("id").where("id", "=", doomed.orgId).executeTakeFirst(),
    ).toBeUndefined();
    expect(await s.srv.ctx.db.selectFrom("vehicles").select("id").where("org_id", "=", doomed.orgId).execute()).toEqual(
      [],
    );
    expect(await s.srv.ctx.db.selectFrom("users").select("id").where("org_id", "=", doomed.orgId).execute()).toEqual(
      [],
    );
    expect(
      await s.srv.ctx.db.selectFrom("positions").select("vehicle_id").where("vehicle_id", "=", vehicle.id).execute(),
    ).toEqual([]);
    const record = (await auditRows(s.operator.orgId, "tenant")).find(
      (r) => r.entity_id === doomed.orgId && r.action === "delete",
    );
    expect(record?.before).toMatchObject({ name, counts: { vehicles: 25 } });
  });

  it("refuses to suspend, delete or support the operator organisation", async () => {
    const op = await signIn(s.operator.adminEmail, s.operator.adminPassword);
    const res = await op.post(`/administration/organizations/${s.operator.orgId}`, { intent: "suspend" });
    expect(res.status).toBe(409);
    expect(
      (
        await s.srv.ctx.db
          .selectFrom("organizations")
          .select("status")
          .where("id", "=", s.operator.orgId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("active");
  });
});
