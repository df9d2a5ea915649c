import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../app/lib/dates";
import { principalFor } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { createLogFixture, listedIds, type LogFixture } from "../alerts/log-fixtures";

/** Dates typed into plain forms (JavaScript off): a wrong one is explained in the page's language, a right one is used. */
let srv: TestServer;
let f: LogFixture;
let admin: FormClient;

const page = async (path: string) => {
  const res = await admin.get(path);
  return { status: res.status, html: await res.text() };
};
/** The <input> element named `name`, to check its attributes. */
const inputNamed = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

beforeAll(async () => {
  srv = await startTestServer();
  f = await createLogFixture(srv.ctx);
  admin = new FormClient(srv.url);
  await admin.login(f.adminEmail, f.adminPassword);
});
afterAll(async () => srv?.close());

describe("alert log period without JavaScript", () => {
  it("renders the period as YYYY-MM-DD text fields, never as browser-formatted date inputs", async () => {
    const { html } = await page("/alerts/log?from=2025-01-10&to=2025-01-10&lng=en");
    expect(html).not.toMatch(/type="(date|datetime-local|time)"/);
    const from = inputNamed(html, "from");
    expect(from).toContain('type="text"');
    expect(from).toContain('placeholder="YYYY-MM-DD"');
    expect(from).toMatch(/inputmode="numeric"/i);
    expect(from).toContain('pattern="\\d{4}-\\d{2}-\\d{2}"');
    expect(from).toContain('value="2025-01-10"');
  });

  it("a day that does not exist gives a clear translated error at the field, keeps what was typed, and lists nothing", async () => {
    const en = await page("/alerts/log?from=2025-02-30&to=2025-03-02&lng=en");
    expect(en.status).toBe(400);
    expect(en.html).toContain('data-code="invalidFrom"');
    expect(en.html).toContain("The start date is not a real day. Write it as YYYY-MM-DD, e.g. 2026-11-24.");
    const from = inputNamed(en.html, "from");
    expect(from).toContain('value="2025-02-30"');
    expect(from).toContain('aria-invalid="true"');
    expect(from).toContain('aria-describedby="period-error"');
    expect(inputNamed(en.html, "to")).not.toContain("aria-invalid");
    expect(listedIds(en.html)).toEqual([]);

    const al = await page("/alerts/log?from=2025-01-01&to=01/31/2025&lng=al");
    expect(al.status).toBe(400);
    expect(al.html).toContain(
      "Data e mbarimit nuk është një ditë e vërtetë. Shkruajeni si YYYY-MM-DD, p.sh. 2026-11-24.",
    );
    expect(inputNamed(al.html, "to")).toContain('value="01/31/2025"');

    const overview = await page("/alerts/overview?from=2025-13-01&lng=en");
    expect(overview.status).toBe(400);
    expect(overview.html).toContain("The start date is not a real day.");

    const csv = await admin.get("/alerts/log.csv?from=2025-01-01&to=2025-02-29&lng=en");
    expect(csv.status).toBe(400);
    expect(await csv.text()).toBe("The end date is not a real day. Write it as YYYY-MM-DD, e.g. 2026-11-24.");
  });

  it("the same period written correctly is accepted and filters the log", async () => {
    const ok = await page("/alerts/log?from=2025-01-10&to=2025-01-10&lng=en");
    expect(ok.status).toBe(200);
    expect(ok.html).not.toContain('data-testid="period-error"');
    expect(listedIds(ok.html)).toEqual([f.ids.jan10late, f.ids.alarm, f.ids.jan10early]);
  });

  it("the API refuses an impossible day instead of ignoring it", async () => {
    const token = (await principalFor(srv.ctx, f.adminId)).token;
    const res = await fetch(`${srv.url}/api/alerts?from=2025-02-30&to=2025-03-01`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "VALIDATION", fields: { from: ["errors.date"] } });
  });
});

describe("replay period without JavaScript", () => {
  it("is written 'YYYY-MM-DD HH:mm'; a wrong one is explained at its field in both languages", async () => {
    const bad = new URLSearchParams({
      vehicle: f.v.a1.id,
      from: "2025-01-10 25:00",
      to: "2025-01-10 10:00",
      lng: "en",
    });
    const en = await page(`/replay?${bad}`);
    expect(en.status).toBe(400);
    expect(en.html).toMatch(
      /id="replay-from-error"[^>]*>Write the date and time as YYYY-MM-DD HH:mm, e\.g\. 2026-11-24 14:30\./,
    );
    expect(inputNamed(en.html, "from")).toContain('placeholder="YYYY-MM-DD HH:mm"');
    expect(en.html).not.toContain('id="replay-to-error"');
    bad.set("lng", "al");
    expect((await page(`/replay?${bad}`)).html).toContain("Shkruani datën dhe orën si YYYY-MM-DD HH:mm");

    const day = addDays(todayIn("UTC"), -2);
    const good = await page(
      `/replay?${new URLSearchParams({ vehicle: f.v.a1.id, from: `${day} 00:00`, to: `${day} 23:59`, lng: "en" })}`,
    );
    expect(good.status).toBe(200);
    expect(good.html).not.toContain("replay-from-error");
    expect(inputNamed(good.html, "from")).toContain(`value="${day} 00:00"`);
  });
});

describe("24-hour times without JavaScript", () => {
  it("the attendance threshold refuses 12-hour and impossible times with the translated message and saves HH:mm", async () => {
    admin.cookies.set("lng", "en");
    const fields = { attendance_enabled: "on", checkin_radius_m: "100", checkout_radius_m: "200" };
    const bad = await admin.post("/configuration/settings", { ...fields, attendance_start_threshold: "7:30 PM" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toMatch(
      /id="attendance_start_threshold-error"[^>]*>.*Write the time as HH:mm on the 24-hour clock, e\.g\. 14:30\./s,
    );
    expect(inputNamed(html, "attendance_start_threshold")).toContain('placeholder="HH:mm"');
    const ok = await admin.post("/configuration/settings", { ...fields, attendance_start_threshold: "19:30" });
    expect(ok.status).toBe(200);
    const row = await srv.ctx.db
      .selectFrom("organization_settings")
      .select("attendance_start_threshold")
      .where("org_id", "=", f.orgId)
      .executeTakeFirstOrThrow();
    expect(row.attendance_start_threshold.slice(0, 5)).toBe("19:30");
    admin.cookies.delete("lng");
  });
});
