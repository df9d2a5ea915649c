import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGeofence, createPoi } from "../../server/modules/places/places.service";
import { bearerHeaders } from "../support/api-auth";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let admin: FormClient;
let otherPoiId: string;
let otherGeofenceId: string;

const byName = (orgId: string, name: string) =>
  srv.ctx.db.selectFrom("places").selectAll().where("org_id", "=", orgId).where("name", "=", name).executeTakeFirst();

beforeAll(async () => {
  srv = await startTestServer();
  [org, other] = await Promise.all([createTestOrg(srv.ctx, { demo: true }), createTestOrg(srv.ctx)]);
  admin = new FormClient(srv.url);
  await admin.login(org.adminEmail, org.adminPassword);
  const pb = await principalFor(srv.ctx, other.adminId);
  otherPoiId = (
    await createPoi(srv.ctx, pb, {
      name: "OTHERORG depot",
      category: "Depot",
      latitude: 41,
      longitude: 19,
      icon: "pin",
      icon_color: "#000000",
    } as never)
  ).id;
  otherGeofenceId = (
    await createGeofence(srv.ctx, pb, {
      name: "OTHERORG zone",
      category: "Zone",
      shape: "circle",
      latitude: 41,
      longitude: 19,
      radius_m: 300,
    })
  ).id;
});
afterAll(async () => srv?.close());

describe("places without JavaScript", () => {
  it("/places redirects to the points list, which is in the navigation", async () => {
    const res = await admin.get("/places");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/places/points");
    const html = await (await admin.get("/places/points")).text();
    expect(html).toContain('href="/places"');
    expect(html).toContain('href="/places/add-new-poi"');
    const albanian = await (await admin.get("/places/geofences?lng=al")).text();
    expect(albanian).toContain("<h1>Gjeozonat</h1>");
    expect(albanian).toContain("Shto gjeozonë");
  });

  it("creates a POI by typed coordinates and shows it in the list", async () => {
    const res = await admin.post("/places/add-new-poi", {
      name: "Rinas depot",
      category: "Depot",
      city: "Rinas",
      latitude: "41,4147",
      longitude: "19.7206",
      icon: "warehouse",
      icon_color: "#10b981",
    });
    expect(res.status).toBe(302);
    const saved = await byName(org.orgId, "Rinas depot");
    expect(saved).toMatchObject({
      kind: "poi",
      latitude: 41.4147,
      longitude: 19.7206,
      icon: "warehouse",
      icon_color: "#10b981",
      city: "Rinas",
    });
    expect(res.headers.get("location")).toBe(`/places/edit-poi/${saved!.id}?created=1`);
    const list = await (await admin.get("/places/points?q=rinas")).text();
    expect(list).toContain(`href="/places/edit-poi/${saved!.id}"`);
    expect(list).toContain("41.414700");
  });

  it("missing fields: 'please fill all fields', nothing saved, typed values kept", async () => {
    const res = await admin.post("/places/add-new-poi", {
      name: "Half typed",
      category: "",
      latitude: "95",
      longitude: "",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain('value="Half typed"');
    expect(html).toContain('value="95"');
    expect(html).toContain("The value is out of range.");
    expect(await byName(org.orgId, "Half typed")).toBeUndefined();
  });

  it("creates a circle geofence by centre and radius", async () => {
    const res = await admin.post("/places/add-new-geofence", {
      name: "Durrës port",
      category: "Port",
      shape: "circle",
      latitude: "41.3094",
      longitude: "19.4547",
      radius_m: "750",
      polygon: "",
    });
    expect(res.status).toBe(302);
    expect(await byName(org.orgId, "Durrës port")).toMatchObject({
      kind: "geofence",
      shape: "circle",
      radius_m: 750,
      latitude: 41.3094,
    });
  });

  it("creates a polygon geofence from 'lat, lon' lines and refuses a self-intersecting one with the values kept", async () => {
    const ok = await admin.post("/places/add-new-geofence", {
      name: "Tirana centre",
      category: "City",
      shape: "polygon",
      latitude: "",
      longitude: "",
      radius_m: "",
      polygon: "41.320, 19.810\n41.320, 19.830\n41.335, 19.830\n41.335, 19.810",
    });
    expect(ok.status).toBe(302);
    const saved = await byName(org.orgId, "Tirana centre");
    expect(saved?.polygon).toEqual([
      [19.81, 41.32],
      [19.83, 41.32],
      [19.83, 41.335],
      [19.81, 41.335],
    ]);
    const page = await (await admin.get(`/places/edit-geofence/${saved!.id}`)).text();
    expect(page).toContain("41.32, 19.81\n41.32, 19.83");

    const bad = await admin.post("/places/add-new-geofence", {
      name: "Bow tie",
      category: "City",
      shape: "polygon",
      polygon: "41.32, 19.81\n41.335, 19.83\n41.32, 19.83\n41.335, 19.81",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("please fill all fields");
    expect(html).toContain("The polygon&#x27;s edges must not cross each other.");
    expect(html).toContain("41.335, 19.83\n41.32, 19.83");
    expect(await byName(org.orgId, "Bow tie")).toBeUndefined();
  });

  it("a circle needs a radius in 10..100000 m", async () => {
    const res = await admin.post("/places/add-new-geofence", {
      name: "Tiny",
      category: "Zone",
      shape: "circle",
      latitude: "41",
      longitude: "19",
      radius_m: "5",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('value="5"');
    expect(await byName(org.orgId, "Tiny")).toBeUndefined();
    // Every missing field is reported at once: the common ones and the circle's own.
    const both = await (
      await admin.post("/places/add-new-geofence", {
        name: "",
        category: "Zone",
        shape: "circle",
        latitude: "41",
        longitude: "",
        radius_m: "",
      })
    ).text();
    for (const id of ["name-error", "longitude-error", "radius_m-error"]) expect(both).toContain(`id="${id}"`);
    expect(both).not.toContain('id="latitude-error"');
  });

  it("edits a POI and deletes it after confirmation", async () => {
    const created = await admin.post("/places/add-new-poi", {
      name: "Temp",
      category: "Misc",
      latitude: "40",
      longitude: "20",
    });
    const path = created.headers.get("location")!.split("?")[0];
    const saved = await admin.post(path, { name: "Temp 2", category: "Misc", latitude: "40.5", longitude: "20" });
    expect(saved.status).toBe(302);
    expect((await byName(org.orgId, "Temp 2"))?.latitude).toBe(40.5);
    expect(await (await admin.get(`${path}?delete=1`)).text()).toContain("Delete point of interest Temp 2?");
    const deleted = await admin.post(path, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/places/points?deleted=1");
    expect(await byName(org.orgId, "Temp 2")).toBeUndefined();
  });

  it("another organisation's POI and geofence give 404 on pages and form posts, and stay unchanged", async () => {
    for (const path of [`/places/edit-poi/${otherPoiId}`, `/places/edit-geofence/${otherGeofenceId}`]) {
      const page = await admin.get(path);
      expect(page.status, path).toBe(404);
      expect(await page.text()).not.toContain("OTHERORG");
      const csrf = admin.cookies.get("flota_csrf")!;
      expect((await admin.post(path, { intent: "delete" }, { csrf })).status).toBe(404);
      expect(
        (
          await admin.post(
            path,
            { name: "Stolen", category: "x", shape: "circle", latitude: "1", longitude: "1", radius_m: "100" },
            { csrf },
          )
        ).status,
      ).toBe(404);
    }
    expect(await byName(other.orgId, "OTHERORG depot")).toBeTruthy();
    expect(await byName(other.orgId, "OTHERORG zone")).toBeTruthy();
    expect(await byName(org.orgId, "Stolen")).toBeUndefined();
    const layers = await (await admin.get("/places/layers.geojson")).text();
    expect(layers).not.toContain("OTHERORG");
    expect(await (await admin.get("/places/points?q=otherorg")).text()).not.toContain("OTHERORG depot");
  });

  it("the API lists, creates and refuses another organisation's ids", async () => {
    const headers = await bearerHeaders(srv, org.adminEmail, org.adminPassword, { webLogin: true });
    const created = await fetch(`${srv.url}/api/places/geofences`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "API zone",
        category: "Zone",
        shape: "polygon",
        polygon: [
          [19, 41],
          [19.1, 41],
          [19.1, 41.1],
        ],
      }),
    });
    expect(created.status).toBe(201);
    const bad = await fetch(`${srv.url}/api/places/pois`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "API", category: "x", latitude: 100, longitude: 0 }),
    });
    expect(bad.status).toBe(400);
    const list = await (await fetch(`${srv.url}/api/places/geofences?q=api`, { headers })).json();
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(["API zone"]);
    for (const url of [`/api/places/pois/${otherPoiId}`, `/api/places/geofences/${otherGeofenceId}`]) {
      expect((await fetch(srv.url + url, { headers })).status).toBe(404);
      expect(
        (
          await fetch(srv.url + url, {
            method: "PUT",
            headers,
            body: JSON.stringify({ name: "Stolen", category: "x", latitude: 1, longitude: 1 }),
          })
        ).status,
      ).toBe(404);
      expect((await fetch(srv.url + url, { method: "DELETE", headers })).status).toBe(404);
    }
    expect(await byName(other.orgId, "OTHERORG depot")).toBeTruthy();
  });
});
