import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsInputSchema } from "../../server/modules/organization/organization.schema";
import { getSettings, updateSettings } from "../../server/modules/organization/organization.service";
import { principalFor, type TestOrg } from "../support/context";
import { signedInClient, startDemoServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let domain: string;

beforeAll(async () => {
  ({ srv, org, domain } = await startDemoServer());
});
afterAll(async () => srv?.close());

const valid = {
  attendance_enabled: "on",
  attendance_start_threshold: "10:00",
  checkin_radius_m: "150",
  checkout_radius_m: "250",
  self_assign_jobs: "on",
};
const errorPaths = (values: Record<string, string>) => {
  const r = settingsInputSchema.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
};

describe("settings rules", () => {
  it("accepts radii from 10 to 10000 metres only", () => {
    expect(errorPaths({ ...valid, checkin_radius_m: "10", checkout_radius_m: "10000" })).toEqual([]);
    expect(errorPaths({ ...valid, checkin_radius_m: "9" })).toEqual(["checkin_radius_m"]);
    expect(errorPaths({ ...valid, checkout_radius_m: "10001" })).toEqual(["checkout_radius_m"]);
    expect(errorPaths({ ...valid, checkin_radius_m: "12.5" })).toEqual(["checkin_radius_m"]);
  });

  it("accepts the start-hour threshold as HH:MM only", () => {
    expect(errorPaths({ ...valid, attendance_start_threshold: "23:59" })).toEqual([]);
    for (const bad of ["24:00", "10:60", "9:00", "10", ""]) {
      expect(errorPaths({ ...valid, attendance_start_threshold: bad })).toEqual(["attendance_start_threshold"]);
    }
  });

  it("saves through the service for an administrator and refuses a fleet manager", async () => {
    const admin = await principalFor(srv.ctx, org.adminId);
    const saved = await updateSettings(
      srv.ctx,
      admin,
      settingsInputSchema.parse({ ...valid, attendance_start_threshold: "07:30" }),
    );
    expect(saved).toEqual({
      attendance_enabled: true,
      attendance_start_threshold: "07:30",
      checkin_radius_m: 150,
      checkout_radius_m: 250,
      self_assign_jobs: true,
      timezone: "Europe/Tirane",
    });
    const managerId = (
      await srv.ctx.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", `manager@${domain}`)
        .executeTakeFirstOrThrow()
    ).id;
    const manager = await principalFor(srv.ctx, managerId);
    await expect(updateSettings(srv.ctx, manager, settingsInputSchema.parse(valid))).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await getSettings(srv.ctx, manager)).attendance_start_threshold).toBe("07:30");
  });
});

describe("settings form without JavaScript", () => {
  it("saves switches off when their boxes are unticked", async () => {
    const admin = await signedInClient(srv, org.adminEmail, org.adminPassword);
    const res = await admin.post("/configuration/settings", {
      attendance_start_threshold: "10:00",
      checkin_radius_m: "100",
      checkout_radius_m: "300",
    });
    expect(res.status).toBe(200);
    const row = await srv.ctx.db
      .selectFrom("organization_settings")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      attendance_enabled: false,
      self_assign_jobs: false,
      checkin_radius_m: 100,
      checkout_radius_m: 300,
    });
    expect(row.attendance_start_threshold.slice(0, 5)).toBe("10:00");
  });

  it("answers an out-of-range radius with 400 beside the field and keeps the typed values", async () => {
    const admin = await signedInClient(srv, org.adminEmail, org.adminPassword);
    admin.cookies.set("lng", "en");
    const res = await admin.post("/configuration/settings", {
      ...valid,
      attendance_start_threshold: "08:45",
      checkin_radius_m: "5",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="checkin_radius_m-error"[^>]*>.*The value is out of range\./s);
    expect(html).toContain('value="08:45"');
    expect(html).toContain('value="5"');
    expect(html).toContain("Users cannot start work before the threshold, for example 10:00.");
    const row = await srv.ctx.db
      .selectFrom("organization_settings")
      .select("checkin_radius_m")
      .where("org_id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    expect(row.checkin_radius_m).toBe(100);
  });
});
