import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orgToday, updateSettings } from "../../server/modules/organization/organization.service";
import * as attendance from "../../server/modules/route-planning/attendance.service";
import { attendanceRepo } from "../../server/modules/route-planning/attendance.repo";
import { addDays, todayIn } from "../../server/shared/dates";
import { apiToken } from "../support/api-auth";
import { principalFor, type TestOrg } from "../support/context";
import { type FormClient, startSignedIn, type TestServer } from "../support/server";

// Route planning's "today" is the organisation's, not Tirana's: an organisation far east (or west) of Tirana
// starts and ends its days, its attendance periods and its sample file on its own date.

let srv: TestServer;
let org: TestOrg;
let admin: FormClient;

beforeAll(async () => {
  ({ srv, org, admin } = await startSignedIn());
});
afterAll(async () => srv?.close());

const TIRANA = "Europe/Tirane";

async function setZone(timezone: string, threshold = "00:00") {
  const p = await principalFor(srv.ctx, org.adminId);
  await updateSettings(srv.ctx, p, {
    attendance_enabled: true,
    attendance_start_threshold: threshold,
    checkin_radius_m: 100,
    checkout_radius_m: 100,
    self_assign_jobs: false,
    timezone,
  });
  return p;
}

/** A zone whose date differs from Tirana's right now: Kiritimati (UTC+14) from Tirana's 11:00, else Pago Pago (UTC−11). */
function zoneApartFromTirana(now = new Date()): string {
  const zone = ["Pacific/Kiritimati", "Pacific/Pago_Pago"].find((z) => todayIn(z, now) !== todayIn(TIRANA, now));
  if (!zone) throw new Error("no zone apart from Tirana");
  return zone;
}

describe("route planning's day in the organisation's time zone", () => {
  it("at 20:00 UTC on 27 November, a Tokyo organisation's day is the 28th: today and the attendance day follow it", async () => {
    const instant = new Date("2026-11-27T20:00:00Z");
    const p = await setZone("Asia/Tokyo");
    expect(todayIn(TIRANA, instant)).toBe("2026-11-27");
    expect(await orgToday(srv.ctx, org.orgId, instant)).toBe("2026-11-28");
    const day = await attendance.startWorkingDay(srv.ctx, p, {}, instant);
    expect(day.day).toBe("2026-11-28");
    expect((await attendance.attendanceDays(srv.ctx, p, "2026-11-28", "2026-11-28")).days).toHaveLength(1);
    await srv.ctx.db.deleteFrom("attendance_days").where("org_id", "=", org.orgId).execute();
  });

  it("the attendance page, the phone's attendance and the sample jobs file default to the organisation's today", async () => {
    const zone = zoneApartFromTirana();
    const p = await setZone(zone);
    const today = todayIn(zone);
    const tirana = todayIn(TIRANA);

    // the web view's default period: the last seven days up to the organisation's today
    const html = await (await admin.get("/route-planning/attendance?lng=en")).text();
    const valueOf = (name: string) =>
      [...html.matchAll(/<input[^>]*>/g)]
        .map((m) => m[0])
        .find((tag) => tag.includes(`name="${name}"`))
        ?.match(/value="([^"]*)"/)?.[1];
    expect(valueOf("to")).toBe(today);
    expect(valueOf("from")).toBe(addDays(today, -6));

    // the phone's attendance without a period ends on the organisation's today: its day is there, a later one is not
    for (const day of [today, tirana])
      await attendanceRepo.start(srv.ctx.db, org.orgId, p.userId, day, {
        started_at: new Date(),
        threshold: "00:00",
        late: false,
        start_lat: null,
        start_lon: null,
      });
    const token = await apiToken(srv, org.adminEmail, org.adminPassword);
    const res = await fetch(`${srv.url}/api/route-planning/my/attendance`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const days = ((await res.json()).days as Array<{ day: string }>).map((d) => d.day);
    expect(days).toContain(today);
    expect(days.every((d) => d <= today)).toBe(true);

    // the sample import file plans its jobs for the organisation's today
    const csv = await (await admin.get("/route-planning/sample-jobs.csv?lng=en")).text();
    expect(csv).toContain(`,${today},`);
    expect(csv).not.toContain(`,${tirana},`);
  });
});
