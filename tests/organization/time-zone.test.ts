import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { timeZoneNames } from "../../server/shared/time-zones";
import { organizationRepo } from "../../server/modules/organization/organization.repo";
import { settingsInputSchema } from "../../server/modules/organization/organization.schema";
import { bearerHeaders } from "../support/api-auth";
import type { TestOrg } from "../support/context";
import { type FormClient, startSignedIn, type TestServer } from "../support/server";

// The organisation's IANA time zone: chosen on /configuration/settings and through GET/PUT /api/settings,
// validated, Europe/Tirane until chosen.

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
});
afterAll(async () => srv?.close());

const zoneOf = async () =>
  (
    await srv.ctx.db
      .selectFrom("organization_settings")
      .select("timezone")
      .where("org_id", "=", org.orgId)
      .executeTakeFirst()
  )?.timezone ?? "Europe/Tirane";

const base = {
  attendance_start_threshold: "10:00",
  checkin_radius_m: "100",
  checkout_radius_m: "100",
};

describe("the organisation's time zone", () => {
  it("is an IANA name the runtime knows, stored in its own spelling; blank or missing keeps the zone", () => {
    const zone = (timezone?: string) => {
      const r = settingsInputSchema.safeParse({ ...base, timezone });
      return r.success ? r.data.timezone : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    };
    expect(zone("Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(zone("europe/tirane")).toBe("Europe/Tirane");
    expect(zone("UTC")).toBe("UTC");
    expect(zone("")).toBeUndefined();
    expect(zone(undefined)).toBeUndefined();
    for (const bad of ["Mars/Olympus", "+01:00", "Europe/Tirane; drop", "x".repeat(80)])
      expect(zone(bad), bad).toEqual(["timezone:errors.timeZone"]);
  });

  it("is also known to PostgreSQL, whose report and log queries read days in it", async () => {
    expect(await organizationRepo.databaseKnowsZone(srv.ctx.db, "Asia/Tokyo")).toBe(true);
    expect(await organizationRepo.databaseKnowsZone(srv.ctx.db, "Pacific/Kiritimati")).toBe(true);
    expect(await organizationRepo.databaseKnowsZone(srv.ctx.db, "Mars/Olympus")).toBe(false);
    // every zone the settings page offers can be saved
    const { rows } = await sql<{ name: string }>`SELECT name FROM pg_timezone_names`.execute(srv.ctx.db);
    const known = new Set(rows.map((r) => r.name));
    expect(timeZoneNames().filter((z) => !known.has(z))).toEqual([]);
  });

  it("is chosen on the settings page: listed and preselected, a bad name is refused beside the field in both languages", async () => {
    const page = await (await admin.get("/configuration/settings?lng=en")).text();
    expect(page).toContain("Organisation time zone");
    expect(page).toMatch(/<select[^>]*name="timezone"/);
    expect(page).toMatch(/<option value="Europe\/Tirane" selected="">/);
    expect(page).toContain('<option value="Asia/Tokyo">');

    for (const [lng, message] of [
      ["en", "Choose a time zone from the list (an IANA name such as Europe/Tirane)."],
      ["al", "Zgjidhni një zonë kohore nga lista (një emër IANA si Europe/Tirane)."],
    ]) {
      admin.cookies.set("lng", lng);
      const res = await admin.post("/configuration/settings", { ...base, timezone: "Mars/Olympus" });
      expect(res.status, lng).toBe(400);
      const html = await res.text();
      expect(html, lng).toMatch(new RegExp(`id="timezone-error"[^>]*>.*${message.replace(/[().]/g, "\\$&")}`, "s"));
      // the refused value stays on screen so it can be corrected
      expect(html, lng).toMatch(/<option value="Mars\/Olympus" selected="">/);
      expect(await zoneOf()).toBe("Europe/Tirane");
    }

    const saved = await admin.post("/configuration/settings", { ...base, timezone: "Asia/Tokyo" });
    expect(saved.status).toBe(200);
    expect(await zoneOf()).toBe("Asia/Tokyo");
    expect(await (await admin.get("/configuration/settings")).text()).toMatch(
      /<option value="Asia\/Tokyo" selected="">/,
    );
  });

  it("is read and set through GET/PUT /api/settings, validated the same way", async () => {
    const headers = await bearerHeaders(srv, org.adminEmail, org.adminPassword);
    const get = async () => (await fetch(`${srv.url}/api/settings`, { headers })).json();
    const put = (body: Record<string, unknown>) =>
      fetch(`${srv.url}/api/settings`, { method: "PUT", headers, body: JSON.stringify(body) });
    const settings = {
      attendance_enabled: false,
      attendance_start_threshold: "10:00",
      checkin_radius_m: 100,
      checkout_radius_m: 100,
      self_assign_jobs: false,
    };

    await put({ ...settings, timezone: "Europe/Tirane" });
    expect((await get()).timezone).toBe("Europe/Tirane");

    const bad = await put({ ...settings, timezone: "Europe/Atlantis" });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error).toBe("VALIDATION");
    expect(JSON.stringify(body)).toContain("timezone");
    expect(await zoneOf()).toBe("Europe/Tirane");

    const ok = await put({ ...settings, timezone: "Pacific/Kiritimati" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).timezone).toBe("Pacific/Kiritimati");
    // a client that does not send the zone leaves it as it is
    expect((await put({ ...settings, checkin_radius_m: 120 })).status).toBe(200);
    expect(await get()).toMatchObject({ timezone: "Pacific/Kiritimati", checkin_radius_m: 120 });
  });
});
