import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as attendance from "../../server/modules/route-planning/attendance.service";
import { updateRouteSettings } from "../../server/modules/route-planning/route-planning.settings";
import { addStop, createTemplate } from "../../server/modules/route-planning/templates.service";
import { zonedInstant } from "../../server/shared/dates";
import { principalFor, createTestOrg, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { FormClient, signedInClient, startTestServer, type TestServer } from "../support/server";
import { insertJob, today, TZ, routeSettings } from "./helpers";

/**
 * Route planning's screens name points people would otherwise read as coordinates: a job imported with coordinates
 * only, a template stop, where a working day was started (docs/integrations.md, Addresses). No geocoder here: the
 * names come from the bundled gazetteer ("near Kamëz, 2.1 km NE", or a settlement's name).
 */
let srv: TestServer;
let org: TestOrg;
let admin: FormClient;

const cell = (html: string, testId: string) =>
  [...html.matchAll(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`, "g"))].map((m) => m[1].trim());
const GAZETTEER_NAME = /^(near .+, \d+\.\d km [NESW]{1,2}|[^\d,]+)$/;

beforeAll(async () => {
  srv = await startTestServer();
  org = await createTestOrg(srv.ctx);
  admin = await signedInClient(srv, org.adminEmail, org.adminPassword);
  admin.cookies.set("lng", "en");
});
afterAll(async () => srv?.close());

describe("addresses on route planning's screens", () => {
  it("a job with coordinates only is shown at a named place in the list and on its page; a typed address stays", async () => {
    const bare = await insertJob(srv.ctx, org.orgId, {
      name: "Coordinates only",
      latitude: 41.3817,
      longitude: 19.7602,
    });
    await insertJob(srv.ctx, org.orgId, { name: "Typed", address: "Rruga e Durrësit 12, Tiranë" });
    const list = await (
      await admin.get(`/route-planning/scheduled-routes/assign-routes/list?from=${today()}&to=${today()}`)
    ).text();
    const shown = cell(list, "job-address");
    expect(shown).toContain("Rruga e Durrësit 12, Tiranë");
    const named = shown.filter((s) => s !== "Rruga e Durrësit 12, Tiranë");
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(GAZETTEER_NAME);
    expect(list).toContain('title="41.38170, 19.76020"');

    const page = await (await admin.get(`/route-planning/scheduled-routes/assign-routes/edit/${bare.id}`)).text();
    const where = /data-testid="job-located"[^>]*>([\s\S]*?)<\/p>/.exec(page)?.[1] ?? "";
    expect(where).toContain("Where");
    expect(where).toContain(named[0]);
    expect(where).not.toMatch(/41\.38/);
  });

  it("the attendance screen names where each working day was started", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    await updateRouteSettings(srv.ctx, p, routeSettings({ attendance_start_threshold: "06:00" }));
    const driver = await createUser(srv.ctx, { org, role: "driver", driver: true });
    const dp = await principalFor(srv.ctx, driver.id);
    await attendance.startWorkingDay(
      srv.ctx,
      dp,
      { latitude: 41.3817, longitude: 19.7602 },
      zonedInstant(today(), "08:00", TZ),
    );
    for (const lng of ["en", "al"]) {
      admin.cookies.set("lng", lng);
      const html = await (await admin.get(`/route-planning/attendance?from=${today()}&to=${today()}`)).text();
      expect(html).toContain(lng === "en" ? "Started at" : "Filloi në");
      const [started] = cell(html, "attendance-start-address");
      expect(started).toBeTruthy();
      expect(started).not.toMatch(/41\.38/);
      if (lng === "al") expect(started).not.toMatch(/^near /);
    }
    admin.cookies.set("lng", "en");
  });
});

describe("a template's stops", () => {
  it("are listed with one delete form each; deleting the last leaves the empty text", async () => {
    const p = await principalFor(srv.ctx, org.adminId);
    const tpl = await createTemplate(srv.ctx, p, { name: "Stops", days: ["1"] });
    await addStop(srv.ctx, p, tpl.id, {
      name: "Depot stop",
      latitude: "41.3",
      longitude: "19.8",
      arrival: "08:00",
      departure: "08:30",
    });
    const url = `/route-planning/scheduled-routes/template-routes/edit/${tpl.id}`;
    const stops = (html: string) => {
      const at = html.indexOf('data-testid="stops-table"');
      return html.slice(at, html.indexOf("</table>", at));
    };
    const table = stops(await (await admin.get(url)).text());
    expect(table).toContain("<td>08:00–08:30</td><td>Depot stop</td>");
    expect(table).toContain('<input type="hidden" name="intent" value="deleteStop"/>');
    const stopId = /name="stop_id" value="([^"]+)"/.exec(table)?.[1];
    expect(stopId).toBeTruthy();
    expect((await admin.post(url, { intent: "deleteStop", stop_id: stopId! })).status).toBe(302);
    expect(stops(await (await admin.get(url)).text())).toContain("No stops yet.");
  });
});

describe("events of a change made through the web", () => {
  it("go to their readers as the request finishes, not after the worker's sweep", async () => {
    const job = await insertJob(srv.ctx, org.orgId, { name: "Checked in by hand" });
    const res = await admin.post(`/route-planning/scheduled-routes/assign-routes/edit/${job.id}`, {
      intent: "checkin",
    });
    expect(res.status).toBeLessThan(400);
    const event = () =>
      srv.ctx.db
        .selectFrom("events")
        .select(["type", "dispatched_at", "data"])
        .where("org_id", "=", org.orgId)
        .where("type", "=", "route_job.status.changed")
        .execute();
    // the sweep would take it only after SWEEP_GRACE_MS (5 s), and no worker runs here
    await vi.waitFor(
      async () => {
        const [e] = await event();
        expect(e?.dispatched_at).not.toBeNull();
      },
      { timeout: 2_000, interval: 50 },
    );
    expect((await event())[0].data).toMatchObject({ job_id: job.id, status: "checked_in" });
  });
});
