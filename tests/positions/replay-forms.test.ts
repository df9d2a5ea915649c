import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toLocalInput } from "../../app/lib/map/time";
import { DEFAULT_TIME_ZONE } from "../../server/modules/organization/organization.service";
import { FormClient, startTestServer, type TestServer } from "../support/server";
import { createMapOrg, sampleDrive, storeFixes, type MapTestOrg } from "../support/map-org";
import { encodeNear, formatAddress } from "../../server/shared/address-text";
import { gazetteer } from "../../server/modules/addresses/addresses.service";

describe("/replay without JavaScript", () => {
  let srv: TestServer;
  let org: MapTestOrg;
  let admin: FormClient;
  const drive = sampleDrive(2);
  let period: string;

  beforeAll(async () => {
    srv = await startTestServer();
    org = await createMapOrg(srv.ctx, 1);
    await storeFixes(srv.ctx, org, org.vehicles[0], drive);
    admin = new FormClient(srv.url);
    await admin.login(org.adminEmail, org.adminPassword);
    const from = toLocalInput(new Date(Date.now() - 3_600_000), DEFAULT_TIME_ZONE);
    const to = toLocalInput(new Date(Date.now() + 60_000), DEFAULT_TIME_ZONE);
    period = new URLSearchParams({ vehicle: org.vehicles[0].id, from, to }).toString();
  });
  afterAll(async () => {
    await srv?.close();
  });

  it("shows the summary, the stops and every point of the period", async () => {
    const res = await admin.get(`/replay?lng=en&${period}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="replay-summary"');
    const points = /data-testid="points-table"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
    expect(points.match(/<tr>/g)?.length).toBe(drive.length);
    const stops = /data-testid="stops-table"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
    expect(stops).toContain("min</td>");
    // the stop (at 41.3275, 19.8587) named offline, the coordinates kept in its title
    const near = gazetteer().nearest(41.3275, 19.8587)!;
    expect(stops).toMatch(/title="41\.3275\d, 19\.8587\d" data-testid="stop-address">/);
    expect(stops).toContain(`data-testid="stop-address">${formatAddress(encodeNear(near), "en")}</td>`);
    const al = await (await admin.get(`/replay?lng=al&${period}`)).text();
    expect(al).toContain(`data-testid="stop-address">${formatAddress(encodeNear(near), "al")}</td>`);
    expect(html).toContain(`/replay/export.gpx?${period.replace(/&/g, "&amp;")}`);
  });

  it("refuses a period older than one year with the translated message", async () => {
    const old = new URLSearchParams({
      vehicle: org.vehicles[0].id,
      from: "2020-03-01T00:00",
      to: "2020-03-02T00:00",
    }).toString();
    const en = await admin.get(`/replay?lng=en&${old}`);
    expect(en.status).toBe(400);
    const enHtml = await en.text();
    expect(enHtml).toContain('data-code="PERIOD_TOO_OLD"');
    expect(enHtml).toContain("Position data older than one year is unavailable.");
    expect(enHtml).not.toContain('data-testid="replay-summary"');
    const al = await (await admin.get(`/replay?lng=al&${old}`)).text();
    expect(al).toContain("Të dhënat e pozicionit më të vjetra se një vit nuk janë të disponueshme.");
  });

  it("exports GPX with one track point per position", async () => {
    const res = await admin.get(`/replay/export.gpx?${period}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/gpx\+xml/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename=".+\.gpx"/);
    const gpx = await res.text();
    expect(gpx).toContain('<gpx version="1.1"');
    expect(gpx.match(/<trkpt /g)?.length).toBe(drive.length);
  });

  it("exports CSV with a header and one row per position", async () => {
    const res = await admin.get(`/replay/export.csv?${period}`);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const rows = (await res.text()).trim().split(/\r\n/);
    expect(rows[0]).toBe("time,latitude,longitude,speed_kmh,course,ignition");
    expect(rows.length).toBe(drive.length + 1);
    expect(rows[1].split(",")[0]).toBe(drive[0].at.toISOString());
  });

  it("refuses exports beyond one year and for visitors who are not signed in", async () => {
    const old = new URLSearchParams({
      vehicle: org.vehicles[0].id,
      from: "2020-03-01T00:00",
      to: "2020-03-02T00:00",
    }).toString();
    const res = await admin.get(`/replay/export.csv?${old}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("PERIOD_TOO_OLD");
    const anonymous = await new FormClient(srv.url).get(`/replay/export.csv?${period}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
  });
});
