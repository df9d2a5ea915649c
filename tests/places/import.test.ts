import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let admin: FormClient;

const HEADER = "type,name,category,city,latitude,longitude,icon,icon_color,radius_m,polygon";
const countPlaces = async (orgId: string) =>
  Number(
    (
      await srv.ctx.db
        .selectFrom("places")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("org_id", "=", orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );

function upload(content: string, name: string, type = "text/plain") {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", new Blob([content], { type }), name);
  return admin.post("/places/import", form);
}

/** Uploads, follows the redirect to the summary page and returns its token and HTML. */
async function check(content: string, name: string) {
  const res = await upload(content, name);
  expect(
    res.status,
    await res
      .clone()
      .text()
      .then((t) => t.slice(0, 300)),
  ).toBe(302);
  const location = res.headers.get("location")!;
  const token = new URL(location, srv.url).searchParams.get("token")!;
  const html = await (await admin.get(location)).text();
  return { token, html, location };
}

const commit = (token: string, location: string, validOnly = false) =>
  admin.post(location, { intent: "commit", token, ...(validOnly ? { validOnly: "1" } : {}) }, { from: location });

beforeAll(async () => {
  srv = await startTestServer();
  [org, other] = await Promise.all([createTestOrg(srv.ctx), createTestOrg(srv.ctx)]);
  admin = new FormClient(srv.url);
  await admin.login(org.adminEmail, org.adminPassword);
});
afterAll(async () => srv?.close());

describe("place import and export", () => {
  it("a CSV with one bad row saves nothing; the errors list row 3, field latitude; 'valid rows only' saves the rest", async () => {
    const csv = [
      HEADER,
      "poi,Depo Kashar,Depot,Tiranë,41.3450,19.7300,warehouse,#10b981,,",
      "poi,Bad latitude,Depot,Tiranë,123.5,19.7300,pin,,,",
      'geofence,"Porti, Durrës",Port,Durrës,41.3094,19.4547,flag,#f59e0b,800,',
      'geofence,Qendra,City,Tiranë,,,pin,,,"[[19.81,41.32],[19.83,41.32],[19.83,41.335],[19.81,41.335]]"',
    ].join("\n");
    const before = await countPlaces(org.orgId);
    const { token, html, location } = await check(csv, "places.csv");
    expect(html).toContain("places.csv: 4 rows, 3 valid, 1 with errors.");
    expect(html).toMatch(
      /data-row="3" data-field="latitude"><td>3<\/td><td>Latitude<\/td><td>The value is out of range.<\/td>/,
    );
    expect(await countPlaces(org.orgId)).toBe(before);

    // Saving everything is refused while the file has errors: still nothing saved.
    const refused = await commit(token, location);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The file has rows with errors");
    expect(await countPlaces(org.orgId)).toBe(before);

    const saved = await commit(token, location, true);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/places/points?imported=3");
    const rows = await srv.ctx.db
      .selectFrom("places")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .orderBy("name")
      .execute();
    expect(rows.map((r) => r.name)).toEqual(["Depo Kashar", "Porti, Durrës", "Qendra"]);
    expect(rows[1]).toMatchObject({ kind: "geofence", shape: "circle", radius_m: 800, icon_color: "#f59e0b" });
    expect(rows[2].polygon).toHaveLength(4);
    // The upload is used up: a second commit finds nothing.
    expect((await commit(token, location, true)).status).toBe(404);
    expect(await countPlaces(org.orgId)).toBe(3);
  });

  it("the preview page in both languages: counts, one error row a problem, only the valid-rows button, works without JavaScript", async () => {
    const csv = [
      HEADER,
      "poi,A,Depot,,41.3,19.7,,,,",
      "poi,B,Depot,,123.5,19.7,,,,",
      "poi,,Depot,,41.3,19.7,,,,",
      "poi,D,Depot,,41.3,19.7,,,,",
    ].join("\n");
    const { location } = await check(csv, "mixed.csv");
    const page = async (lng: string) => (await admin.get(`${location}&lng=${lng}`)).text();
    const buttons = (html: string) =>
      [...html.matchAll(/<button[^>]*data-testid="(import-save[^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);
    const en = await page("en");
    expect(en).toContain("mixed.csv: 4 rows, 2 valid, 2 with errors.");
    expect(en.match(/<tr data-row=/g)).toHaveLength(2);
    expect(en).toMatch(
      /data-row="3" data-field="latitude"><td>3<\/td><td>Latitude<\/td><td>The value is out of range.<\/td>/,
    );
    expect(en).toMatch(/data-row="4" data-field="name"><td>4<\/td><td>Name<\/td><td>This field is required.<\/td>/);
    expect(buttons(en)).toEqual([["import-save-valid", "Import the valid rows only (2)"]]);
    // A plain form: it posts back to this preview (token kept) with the token and the intent as hidden fields.
    expect(en).toMatch(/<form[^>]*action="\/places\/import\?token=[0-9a-f-]{36}&amp;lng=en"[^>]*method="post"/);
    const al = await page("al");
    expect(al).toContain("mixed.csv: 4 rreshta, 2 të vlefshëm, 2 me gabime.");
    expect(al).toContain("<th>Rreshti</th><th>Fusha</th><th>Problemi</th>");
    expect(al).toMatch(
      /data-row="3" data-field="latitude"><td>3<\/td><td>[^<]+<\/td><td>Vlera është jashtë kufijve.<\/td>/,
    );
    expect(buttons(al)).toEqual([["import-save-valid", "Importo vetëm rreshtat e vlefshëm (2)"]]);
  });

  it("a file without errors is saved as a whole after the preview", async () => {
    const before = await countPlaces(org.orgId);
    const { token, html, location } = await check(`${HEADER}\npoi,Pika A,Client,Fier,40.72,19.56,shop,,,\n`, "ok.csv");
    expect(html).toContain("1 rows, 1 valid, 0 with errors.");
    expect(await countPlaces(org.orgId)).toBe(before);
    expect((await commit(token, location)).status).toBe(302);
    expect(await countPlaces(org.orgId)).toBe(before + 1);
  });

  it("imports GeoJSON points, circles and polygons", async () => {
    const geojson = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [20.08, 41.11] },
          properties: { name: "GJ point", category: "Client" },
        },
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [20.09, 41.12] },
          properties: { name: "GJ circle", category: "Zone", radius_m: 250 },
        },
        {
          type: "Feature",
          geometry: {
            type: "Polygon",
            coordinates: [
              [
                [20, 41],
                [20.1, 41],
                [20.1, 41.1],
                [20, 41],
              ],
            ],
          },
          properties: { name: "GJ polygon", category: "Zone" },
        },
        {
          type: "Feature",
          geometry: {
            type: "LineString",
            coordinates: [
              [20, 41],
              [21, 42],
            ],
          },
          properties: { name: "GJ line", category: "Zone" },
        },
      ],
    };
    const { token, html, location } = await check(JSON.stringify(geojson), "zones.geojson");
    expect(html).toContain("4 rows, 3 valid, 1 with errors.");
    expect(html).toMatch(/data-row="4" data-field="geometry"/);
    expect((await commit(token, location, true)).status).toBe(302);
    const rows = await srv.ctx.db
      .selectFrom("places")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .where("name", "like", "GJ %")
      .orderBy("name")
      .execute();
    expect(rows.map((r) => [r.name, r.shape])).toEqual([
      ["GJ circle", "circle"],
      ["GJ point", "point"],
      ["GJ polygon", "polygon"],
    ]);
    expect(rows[2].polygon).toEqual([
      [20, 41],
      [20.1, 41],
      [20.1, 41.1],
    ]);
  });

  it("imports KML Placemarks with a Point or a Polygon", async () => {
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Placemark><name>KML &amp; depot</name><ExtendedData><Data name="category"><value>Depot</value></Data></ExtendedData>
    <Point><coordinates>19.9,41.2,0</coordinates></Point></Placemark>
  <Placemark><name>KML zone</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
    19.9,41.2,0 20.0,41.2,0 20.0,41.3,0 19.9,41.2,0
  </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
</Document></kml>`;
    const { token, html, location } = await check(kml, "places.kml");
    expect(html).toContain("2 rows, 2 valid, 0 with errors.");
    expect((await commit(token, location)).status).toBe(302);
    const depot = await srv.ctx.db
      .selectFrom("places")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .where("name", "=", "KML & depot")
      .executeTakeFirst();
    expect(depot).toMatchObject({ kind: "poi", category: "Depot", latitude: 41.2, longitude: 19.9 });
    const zone = await srv.ctx.db
      .selectFrom("places")
      .selectAll()
      .where("org_id", "=", org.orgId)
      .where("name", "=", "KML zone")
      .executeTakeFirst();
    expect(zone).toMatchObject({ kind: "geofence", shape: "polygon", category: "KML" });
  });

  it("refuses files over 5,000 rows or 5 MB and unreadable files without saving", async () => {
    const before = await countPlaces(org.orgId);
    const many = [HEADER, ...Array.from({ length: 5001 }, (_, i) => `poi,P${i},C,,41,19,,,,`)].join("\n");
    const res = await upload(many, "many.csv");
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("at most 5 MB and 5,000 rows");
    const big = `${HEADER}\n${"poi,Big,C,,41,19,,,,\n".repeat(10)}${" ".repeat(5 * 1024 * 1024)}`;
    const tooBig = await upload(big, "big.csv");
    expect(tooBig.status).toBe(413);
    const broken = await upload("{not json", "broken.geojson");
    expect(broken.status).toBe(400);
    expect(await countPlaces(org.orgId)).toBe(before);
  });

  it("exports only the organisation's places, and the export imports back to the same places", async () => {
    const peer = new FormClient(srv.url);
    await peer.login(other.adminEmail, other.adminPassword);
    const csvRes = await admin.get("/places/export.csv");
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get("content-type")).toContain("text/csv");
    const csv = await csvRes.text();
    expect(csv.split("\r\n")[0].replace(/^\uFEFF/, "")).toBe(HEADER);
    expect(csv).toContain('"Porti, Durrës"');
    const geojson = await (await admin.get("/places/export.geojson")).json();
    const mine = await countPlaces(org.orgId);
    expect(geojson.features).toHaveLength(mine);
    expect(await (await peer.get("/places/export.csv")).text()).not.toContain("Durrës");

    // Round trip into the empty organisation: same names, shapes and coordinates.
    const saveAll = async (client: FormClient, content: string, name: string) => {
      const form = new FormData();
      form.set("intent", "upload");
      form.set("file", new Blob([content]), name);
      const res = await client.post("/places/import", form);
      const location = res.headers.get("location")!;
      const token = new URL(location, srv.url).searchParams.get("token")!;
      return client.post(location, { intent: "commit", token }, { from: location });
    };
    const shape = (rows: Array<Record<string, unknown>>) =>
      rows
        .map((r) => [
          r.kind,
          r.shape,
          r.name,
          r.category,
          r.city,
          r.latitude,
          r.longitude,
          r.icon,
          r.icon_color,
          r.radius_m,
          JSON.stringify(r.polygon),
        ])
        .sort();
    const original = shape(await srv.ctx.db.selectFrom("places").selectAll().where("org_id", "=", org.orgId).execute());
    expect((await saveAll(peer, csv, "export.csv")).status).toBe(302);
    expect(
      shape(await srv.ctx.db.selectFrom("places").selectAll().where("org_id", "=", other.orgId).execute()),
    ).toEqual(original);
    await srv.ctx.db.deleteFrom("places").where("org_id", "=", other.orgId).execute();
    expect((await saveAll(peer, JSON.stringify(geojson), "export.geojson")).status).toBe(302);
    expect(
      shape(await srv.ctx.db.selectFrom("places").selectAll().where("org_id", "=", other.orgId).execute()),
    ).toEqual(original);
  });

  it("another user's import token is not found", async () => {
    const { token } = await check(`${HEADER}\npoi,Mine,Client,,41,19,,,,\n`, "mine.csv");
    const peer = new FormClient(srv.url);
    await peer.login(other.adminEmail, other.adminPassword);
    expect((await peer.get(`/places/import?token=${token}`)).status).toBe(404);
    const res = await peer.post(`/places/import`, { intent: "commit", token });
    expect(res.status).toBe(404);
    expect(
      await srv.ctx.db
        .selectFrom("places")
        .select("id")
        .where("org_id", "=", other.orgId)
        .where("name", "=", "Mine")
        .execute(),
    ).toEqual([]);
  });
});
