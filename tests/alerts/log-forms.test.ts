import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertsOverview } from "../../server/modules/alerts/alerts.service";
import { principalFor } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { bellCount, createLogFixture, insertAlert, listedIds, type LogFixture } from "./log-fixtures";
import { encodeNear, formatAddress } from "../../server/shared/address-text";
import { gazetteer } from "../../server/modules/addresses/addresses.service";
import { csvCell } from "../../server/shared/csv";

let srv: TestServer;
let f: LogFixture;
let admin: FormClient;
let viewer: FormClient;

const page = async (client: FormClient, path: string) => {
  const res = await client.get(path);
  return { status: res.status, html: await res.text() };
};

beforeAll(async () => {
  srv = await startTestServer();
  f = await createLogFixture(srv.ctx);
  admin = new FormClient(srv.url);
  viewer = new FormClient(srv.url);
  await Promise.all([admin.login(f.adminEmail, f.adminPassword), viewer.login(f.viewerEmail, f.viewerPassword)]);
});
afterAll(async () => srv?.close());

describe("alert log without JavaScript", () => {
  it("filters by a period of local days in the organisation's time zone (both ends inclusive)", async () => {
    const { status, html } = await page(admin, "/alerts/log?from=2025-01-10&to=2025-01-10&lng=en");
    expect(status).toBe(200);
    expect(listedIds(html)).toEqual([f.ids.jan10late, f.ids.alarm, f.ids.jan10early]);
    expect(html).toContain("<h1>Alert log</h1>");
    expect(html).toContain('name="from" value="2025-01-10"');
    const january = listedIds((await page(admin, "/alerts/log?from=2025-01-01&to=2025-01-31")).html);
    expect(january).toEqual([f.ids.jan11, f.ids.jan10late, f.ids.alarm, f.ids.jan10early, f.ids.jan09late]);
  });

  it("renders a row: local time, vehicle, type, summary with details, policy link, replay window of ±15 minutes", async () => {
    const { html } = await page(admin, "/alerts/log?from=2025-01-10&to=2025-01-10&lng=en");
    const row = html.slice(html.indexOf(`data-alert-id="${f.ids.jan10early}"`));
    const cells = row.slice(0, row.indexOf("</tr>"));
    expect(cells).toContain("2025-01-10 00:30");
    expect(cells).toContain(f.v.a1.registration);
    expect(cells).toContain("Speeding");
    expect(cells).toContain("97 km/h, limit 90 km/h");
    expect(cells).toContain(`href="/alerts/policies/policy/${f.policies.speeding}"`);
    expect(cells).toContain(
      `href="/replay?vehicle=${f.v.a1.id}&amp;from=2025-01-10+00%3A15&amp;to=2025-01-10+00%3A45"`,
    );
    expect(cells).toContain('data-testid="unread-marker"');
    const alarm = html.slice(html.indexOf(`data-alert-id="${f.ids.alarm}"`));
    const alarmCells = alarm.slice(0, alarm.indexOf("</tr>"));
    expect(alarmCells).toContain("Alarm: SOS");
    expect(alarmCells).toContain("Removed policy");
    expect(alarmCells).not.toContain("/alerts/policies/policy/");
    expect(alarmCells).not.toContain('data-testid="unread-marker"');
  });

  it("filters by vehicle, type, policy and unread", async () => {
    expect(listedIds((await page(admin, `/alerts/log?vehicle=${f.v.a1.id}`)).html)).toEqual([
      f.ids.jan10early,
      f.ids.jan09late,
    ]);
    expect(listedIds((await page(admin, "/alerts/log?type=ignition_on")).html)).toEqual([f.ids.jan11, f.ids.jan10late]);
    expect(listedIds((await page(admin, `/alerts/log?policy=${f.policies.speeding}`)).html)).toEqual([
      f.ids.jan10early,
      f.ids.jan09late,
    ]);
    expect(listedIds((await page(admin, "/alerts/log?unread=1&from=2025-01-01&to=2025-01-31")).html)).toEqual([
      f.ids.jan11,
      f.ids.jan10late,
      f.ids.jan10early,
    ]);
    const combined = await page(
      admin,
      `/alerts/log?from=2025-01-10&to=2025-01-11&type=ignition_on&vehicle=${f.v.b.id}`,
    );
    expect(listedIds(combined.html)).toEqual([f.ids.jan11]);
    expect(combined.html).toMatch(/<input[^>]*name="unread"(?![^>]*checked)[^>]*>/);
  });

  it("pages on the server and keeps the filters in the page links", async () => {
    const first = await page(admin, "/alerts/log?from=2025-02-01&to=2025-02-28&size=10&lng=en");
    expect(listedIds(first.html)).toEqual(f.february.slice(0, 10));
    expect(first.html).toContain("Page 1 of 3");
    expect(first.html).toContain("25 in total");
    expect(first.html).toContain(
      'href="/alerts/log?from=2025-02-01&amp;to=2025-02-28&amp;size=10&amp;lng=en&amp;page=2"',
    );
    const third = await page(admin, "/alerts/log?from=2025-02-01&to=2025-02-28&size=10&page=3");
    expect(listedIds(third.html)).toEqual(f.february.slice(20));
  });

  it("never shows another organisation's alerts, in either direction", async () => {
    const { html } = await page(admin, "/alerts/log?size=200");
    expect(listedIds(html)).toHaveLength(30);
    expect(html).not.toContain("OTHERORG");
    expect(listedIds(html)).not.toContain(f.other.alertId);
    const other = new FormClient(srv.url);
    await other.login(f.other.adminEmail, f.other.adminPassword);
    const theirs = await page(other, "/alerts/log?size=200");
    expect(listedIds(theirs.html)).toEqual([f.other.alertId]);
    expect(bellCount(theirs.html)).toBe(1);
    // Someone else's policy id as a filter finds nothing rather than leaking.
    expect(listedIds((await page(other, `/alerts/log?policy=${f.policies.speeding}`)).html)).toEqual([]);
  });

  it("a team-limited user sees only alerts of their teams' vehicles, and only those vehicles in the filter", async () => {
    const { status, html } = await page(viewer, "/alerts/log?from=2025-01-01&to=2025-01-31");
    expect(status).toBe(200);
    expect(listedIds(html)).toEqual([f.ids.jan10late, f.ids.jan10early, f.ids.jan09late]);
    expect(html).toContain(`value="${f.v.a1.id}"`);
    expect(html).not.toContain(`value="${f.v.b.id}"`);
    expect(listedIds((await page(viewer, `/alerts/log?vehicle=${f.v.b.id}`)).html)).toEqual([]);
    expect(bellCount(html)).toBe(1);
    const overview = await page(viewer, "/alerts/overview?from=2025-01-01&to=2025-01-31");
    expect(overview.html).toMatch(/data-testid="overview-total"[\s\S]*?<strong>3<\/strong>/);
    expect(overview.html).not.toContain(f.v.b.registration);
  });

  it("marks the listed page, then everything, as read; the layout's counter follows", async () => {
    const before = await page(admin, "/manage");
    expect(bellCount(before.html)).toBe(28);
    expect(before.html).toContain('href="/alerts/log?unread=1"');
    const marked = await admin.post("/alerts/log?from=2025-01-10&to=2025-01-10", {
      intent: "read-page",
      id: [f.ids.jan10late, f.ids.jan10early],
    });
    expect(marked.status).toBe(200);
    const markedHtml = await marked.text();
    expect(markedHtml).toContain("Marked as read: 2");
    expect(bellCount(markedHtml)).toBe(26);
    // the viewer's own notification of the same alert stays unread
    expect(bellCount((await page(viewer, "/manage")).html)).toBe(1);
    // no CSRF token, no change
    expect((await admin.post("/alerts/log", { intent: "read-all" }, { csrf: null })).status).toBe(403);
    const all = await admin.post("/alerts/log", { intent: "read-all" });
    expect(all.status).toBe(200);
    expect(await all.text()).toContain("Marked as read: 26");
    const after = await page(admin, "/alerts/log?unread=1");
    expect(listedIds(after.html)).toEqual([]);
    expect(bellCount(after.html)).toBe(0);
  });

  it("overview numbers by type, vehicle and day match the inserted alerts", async () => {
    const p = await principalFor(srv.ctx, f.adminId);
    const o = await alertsOverview(srv.ctx, p, { from: "2025-01-01", to: "2025-01-31" });
    expect(o.total).toBe(5);
    expect(Object.fromEntries(o.byType.map((r) => [r.alert_type, r.count]))).toEqual({
      speeding: 2,
      ignition_on: 2,
      device_alarm: 1,
    });
    expect(Object.fromEntries(o.byVehicle.map((r) => [r.vehicle_id, r.count]))).toEqual({
      [f.v.a1.id]: 2,
      [f.v.a2.id]: 1,
      [f.v.b.id]: 2,
    });
    expect(o.byDay.map((r) => `${r.day} ${r.alert_type} ${r.count}`).sort()).toEqual([
      "2025-01-09 speeding 1",
      "2025-01-10 device_alarm 1",
      "2025-01-10 ignition_on 1",
      "2025-01-10 speeding 1",
      "2025-01-11 ignition_on 1",
    ]);

    const { status, html } = await page(admin, "/alerts/overview?from=2025-01-01&to=2025-01-31&lng=en");
    expect(status).toBe(200);
    expect(html).toContain("<h1>Alert overview</h1>");
    expect(html).toMatch(/data-testid="overview-total"[\s\S]*?<strong>5<\/strong>/);
    const cell = (attr: string, text: string) =>
      new RegExp(`<tr[^>]*${attr}[^>]*><td>${text}</td><td class="num">(\\d+)</td>`).exec(html)?.[1];
    expect(cell('data-type="speeding"', "Speeding")).toBe("2");
    expect(cell('data-type="device_alarm"', "Device alarm")).toBe("1");
    expect(cell(`data-vehicle-id="${f.v.b.id}"`, f.v.b.registration)).toBe("2");
    expect(cell(`data-vehicle-id="${f.v.a2.id}"`, f.v.a2.registration)).toBe("1");
    const dayTotal = (day: string) =>
      new RegExp(`<tr data-day="${day}">[\\s\\S]*?data-total="true">(\\d+)<`).exec(html)?.[1];
    expect([dayTotal("2025-01-09"), dayTotal("2025-01-10"), dayTotal("2025-01-11")]).toEqual(["1", "3", "1"]);
    expect(html).not.toContain('data-day="2025-01-12"');
    // the vehicle and type filters narrow the overview too
    const narrowed = await page(
      admin,
      `/alerts/overview?from=2025-01-01&to=2025-01-31&vehicle=${f.v.b.id}&type=ignition_on`,
    );
    expect(narrowed.html).toMatch(/data-testid="overview-total"[\s\S]*?<strong>1<\/strong>/);
  });

  it("the overview defaults to the last 30 days", async () => {
    const { status, html } = await page(admin, "/alerts/overview?lng=en");
    expect(status).toBe(200);
    expect(html).toMatch(/data-testid="overview-total"[\s\S]*?<strong>0<\/strong>/);
    expect(html).toContain("No alerts in this period.");
    const from = /name="from" value="(\d{4}-\d{2}-\d{2})"/.exec(html)?.[1];
    const to = /name="to" value="(\d{4}-\d{2}-\d{2})"/.exec(html)?.[1];
    expect((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / 86_400_000).toBe(29);
  });

  it("renders in Albanian and English", async () => {
    const al = await page(admin, "/alerts/log?from=2025-01-10&to=2025-01-10&lng=al");
    expect(al.html).toContain("<h1>Regjistri i alarmeve</h1>");
    expect(al.html).toContain("Tejkalim shpejtësie");
    expect(al.html).toContain("97 km/h, kufiri 90 km/h");
    expect(al.html).toContain("Shëno të gjitha si të lexuara");
    const alOverview = await page(admin, "/alerts/overview?from=2025-01-01&to=2025-01-31&lng=al");
    expect(alOverview.html).toContain("<h1>Përmbledhja e alarmeve</h1>");
    const en = await page(admin, "/alerts/log?lng=en");
    expect(en.html).toContain("Mark all as read");
  });

  it("a reversed or over-long period shows a translated error, not a 500", async () => {
    const reversed = await page(admin, "/alerts/log?from=2025-01-10&to=2025-01-01&lng=en");
    expect(reversed.status).toBe(400);
    expect(reversed.html).toContain('data-code="reversed"');
    expect(reversed.html).toContain("The period ends before it starts.");
    expect(reversed.html).toContain('name="from" value="2025-01-10"');
    const reversedAl = await page(admin, "/alerts/overview?from=2025-01-10&to=2025-01-01&lng=al");
    expect(reversedAl.status).toBe(400);
    expect(reversedAl.html).toContain("Periudha mbaron para se të fillojë.");
    const long = await page(admin, "/alerts/overview?from=2023-01-01&to=2025-01-01&lng=en");
    expect(long.status).toBe(400);
    expect(long.html).toContain("The period may be at most one year.");
    const csv = await admin.get("/alerts/log.csv?from=2025-01-10&to=2025-01-01&lng=en");
    expect(csv.status).toBe(400);
  });

  it("exports the filtered log as CSV", async () => {
    const res = await admin.get("/alerts/log.csv?from=2025-01-10&to=2025-01-10&lng=en");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "time,type,type_label,vehicle,driver,summary,place,policy,latitude,longitude,speed_kmh,read,address",
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain(`2025-01-10 00:30,speeding,Speeding,${f.v.a1.registration}`);
    expect(lines[3]).toContain('"97 km/h, limit 90 km/h"');
    // where it happened, named offline (the fixtures' alerts are at 41.33, 19.82)
    const near = formatAddress(encodeNear(gazetteer().nearest(41.33, 19.82)!), "en");
    expect(lines[3].endsWith(`,${csvCell(near)}`)).toBe(true);
  });

  it("names where each alert happened in the log, in the reader's language", async () => {
    const near = gazetteer().nearest(41.33, 19.82)!;
    for (const lng of ["en", "al"] as const) {
      const { html } = await page(admin, `/alerts/log?from=2025-01-10&to=2025-01-10&lng=${lng}`);
      expect(html).toContain(`<td>${formatAddress(encodeNear(near), lng)}</td>`);
    }
  });

  it("users without alerts:read get no bell and no log", async () => {
    const driver = new FormClient(srv.url);
    await driver.login(f.driverEmail, f.viewerPassword);
    const manage = await page(driver, "/manage");
    expect(Number.isNaN(bellCount(manage.html))).toBe(true);
    expect((await driver.get("/alerts/log")).status).toBe(403);
    expect((await driver.get("/alerts/overview")).status).toBe(403);
  });
});

describe("route planning's late and missed jobs in the log", () => {
  it("lists them with the type filter, their job in the summary, in both languages", async () => {
    const late = await insertAlert(srv.ctx, f.orgId, {
      vehicle: f.v.a1.id,
      type: "job_late",
      at: "2025-06-15T07:20:00Z",
      policy: null,
      policyName: "Delivery Kombinat",
      details: {
        job_id: "00000000-0000-4000-8000-000000000001",
        job_name: "Delivery Kombinat",
        scheduled_arrival: "09:00",
        scheduled_departure: "10:00",
      },
    });
    const en = await page(admin, "/alerts/log?from=2025-06-15&to=2025-06-15&type=job_late&lng=en");
    expect(listedIds(en.html)).toEqual([late]);
    expect(en.html).toContain("Route job late");
    expect(en.html).toContain("Delivery Kombinat not reached by 09:00 plus the margin");
    const al = await page(admin, "/alerts/log?from=2025-06-15&to=2025-06-15&type=job_late&lng=al");
    expect(al.html).toContain("Punë në itinerar me vonesë");
    expect(al.html).toContain("Delivery Kombinat pa mbërritur deri në 09:00 plus marzhin");
    expect(listedIds((await page(admin, "/alerts/log?from=2025-06-15&to=2025-06-15&type=job_missed")).html)).toEqual(
      [],
    );
  });
});
