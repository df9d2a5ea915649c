import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addressesJobs, geocodeWaiting } from "../../server/modules/addresses/addresses.jobs";
import { resolveAddresses } from "../../server/modules/addresses/addresses.service";
import { formatAddress, parseCoordinateText } from "../../server/shared/address-text";
import { nominatimAddress, photonAddress } from "../../server/modules/addresses/geocoder";
import { runReport } from "../../server/modules/analytics/analytics.service";
import { reportCsv } from "../../server/modules/analytics/exports/csv-export";
import { destination } from "../../server/shared/geometry";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createPlace, createVehicle } from "../support/factories";

/**
 * A stand-in Nominatim on loopback: answers /reverse in Nominatim's jsonv2 shape with a street made of the asked
 * coordinates, and records every request (time, query, User-Agent). `fail` answers 500 instead.
 */
function standInGeocoder() {
  const seen: Array<{ at: number; url: URL; agent: string }> = [];
  let fail = false;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    seen.push({ at: Date.now(), url, agent: String(req.headers["user-agent"] ?? "") });
    if (fail) {
      res.writeHead(500).end("down");
      return;
    }
    const lat = url.searchParams.get("lat");
    const lon = url.searchParams.get("lon");
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        place_id: 1,
        lat,
        lon,
        display_name: `Rruga ${lat}, Tiranë, Shqipëri`,
        address: { road: `Rruga ${lat}`, house_number: "12", city: "Tiranë", country: "Shqipëri" },
      }),
    );
  });
  return {
    seen,
    setFail: (v: boolean) => {
      fail = v;
    },
    listen: () =>
      new Promise<string>((ok) =>
        server.listen(0, "127.0.0.1", () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}/nominatim`)),
      ),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

const KAMEZ: [number, number] = [19.76028, 41.38167];
const DAY = "2026-11-17";
const T = Date.parse("2026-11-17T07:00:00Z");

let plain: TestContext;
let geo: TestContext;
let stand: ReturnType<typeof standInGeocoder>;
let org: TestOrg;
let admin: Awaited<ReturnType<typeof principalFor>>;
let vehicleId: string;
/**
 * This run's own coordinates (the cache is installation-wide): whole cells (1e-4°) apart per test file run, plus a
 * fifth of a cell, so that a report's point text (5 decimals) and the exact point fall in the same cell; an offset
 * near half a cell could round to the neighbouring cell through the text and miss the cell this test looks up.
 */
const jitter = (Date.now() % 1000) * 1e-4 + 2e-5;

async function trip(start: [number, number], end: [number, number], minute: number) {
  await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon,
      distance_m, max_speed_kmh, engine_s, idle_s, points, harsh_brake, speeding_s, gap)
    VALUES (${org.orgId}, ${vehicleId}, 'trip', ${new Date(T + minute * 60_000).toISOString()}, ${new Date(T + (minute + 20) * 60_000).toISOString()},
      ${start[1]}, ${start[0]}, ${end[1]}, ${end[0]}, 5000, 60, 1200, 0, 30, 0, 0, false)`.execute(plain.db);
}

beforeAll(async () => {
  stand = standInGeocoder();
  const url = await stand.listen();
  plain = createTestContext();
  geo = createTestContext({ config: { GEOCODER_URL: url, GEOCODER_RATE_PER_SEC: "20" } });
  org = await createTestOrg(plain);
  admin = await principalFor(plain, org.adminId);
  vehicleId = (await createVehicle(plain, { org })).id;
});
afterAll(async () => {
  await plain?.close();
  await geo?.close();
  await stand?.close();
});
beforeEach(() => {
  stand.seen.length = 0;
  stand.setFail(false);
});

describe("addresses without a geocoder (no internet)", () => {
  it("names a point after the organisation's point of interest within 150 m, else its smallest geofence, else the nearest settlement", async () => {
    const base: [number, number] = [19.9 + jitter, 41.2];
    const poi = await createPlace(plain, { org, kind: "poi", lon: base[0], lat: base[1], name: "Klienti Alfa" });
    const wide = await createPlace(plain, {
      org,
      kind: "geofence",
      lon: base[0],
      lat: base[1],
      radiusM: 3000,
      name: "Zona e gjerë",
    });
    const depot = destination(base, 90, 1500);
    await createPlace(plain, { org, kind: "geofence", lon: depot[0], lat: depot[1], radiusM: 200, name: "Depoja" });
    const at = (p: [number, number]) => ({ lon: p[0], lat: p[1] });
    const [atPoi, nearPoi, inDepot, inWide, outside] = await resolveAddresses(plain, org.orgId, [
      at(base),
      at(destination(base, 0, 120)),
      at(depot),
      at(destination(base, 180, 1000)),
      at(destination(base, 180, 5000)),
    ]);
    expect(atPoi).toBe(poi.name);
    expect(nearPoi).toBe("Klienti Alfa");
    expect(inDepot).toBe("Depoja");
    expect(inWide).toBe(wide.name);
    // outside every place: the gazetteer's settlement (its name alone when the point is in it, else "near" with the
    // distance and direction), never the coordinates
    expect(parseCoordinateText(outside)).toBeNull();
    expect(formatAddress(outside, "en")).toMatch(/^(near .+, \d+\.\d km (N|NE|E|SE|S|SW|W|NW)|[^\d,]+)$/);
    // another organisation's places name nothing here
    const other = await createTestOrg(plain);
    const [elsewhere] = await resolveAddresses(plain, other.orgId, [at(base)]);
    expect(elsewhere).not.toBe("Klienti Alfa");
    expect(formatAddress(elsewhere, "en")).toMatch(/^near |^[^0-9]/);
  });

  it("gives trips their start and end addresses in the trips report and its export, in both languages", async () => {
    const start = destination(KAMEZ, 45, 2100);
    const endFence = destination(KAMEZ, 180, 9000);
    await createPlace(plain, {
      org,
      kind: "geofence",
      lon: endFence[0],
      lat: endFence[1],
      radiusM: 300,
      name: "Magazina Qendrore",
    });
    await trip(start, endFence, 0);
    const run = await runReport(plain, admin, "trips", { from: DAY, to: DAY, vehicle_ids: [vehicleId] });
    const row = run.result.rows.find((r) => r.end_place === "Magazina Qendrore");
    expect(row).toBeDefined();
    expect(formatAddress(String(row!.start_place), "en")).toBe("near Kamëz, 2.1 km NE");
    expect(formatAddress(String(row!.start_place), "al")).toBe("pranë Kamëz, 2,1 km VL");
    expect(reportCsv(run, "en")).toContain('"near Kamëz, 2.1 km NE"');
    expect(reportCsv(run, "al")).toContain('"pranë Kamëz, 2,1 km VL"');
    expect(reportCsv(run, "al")).toContain("Magazina Qendrore");
    // nothing was asked of a geocoder: none is configured, and none is in the cache for these cells
    const pending = await plain.db
      .selectFrom("geocode_cache")
      .select("lat_e4")
      .where("lat_e4", "=", Math.round(start[1] * 1e4))
      .where("lon_e4", "=", Math.round(start[0] * 1e4))
      .execute();
    expect(pending).toEqual([]);
  });
});

describe("job visits", () => {
  it("carry the job's own address, else its point named by the organisation's places or the gazetteer", async () => {
    const site = destination([19.95 + jitter, 41.15], 0, 0);
    await createPlace(plain, { org, kind: "poi", lon: site[0], lat: site[1], name: "Dyqani Beta" });
    const job = async (name: string, address: string | null, p: [number, number]) =>
      sql`INSERT INTO route_jobs (org_id, name, address, latitude, longitude, scheduled_date, scheduled_arrival, scheduled_departure, vehicle_id, status, arrived_at, departed_at)
        VALUES (${org.orgId}, ${name}, ${address}, ${p[1]}, ${p[0]}, ${DAY}, '09:30', '10:00', ${vehicleId}, 'finished',
          ${new Date(T + 150 * 60_000).toISOString()}, ${new Date(T + 170 * 60_000).toISOString()})`.execute(plain.db);
    await job("Own address", "Rruga Myslym Shyri 5", site);
    await job("At the shop", null, destination(site, 90, 40));
    await job("Out of town", null, destination(KAMEZ, 45, 2100));
    const run = await runReport(plain, admin, "route_visits", { from: DAY, to: DAY, vehicle_ids: [vehicleId] });
    const byJob = new Map(run.result.rows.map((r) => [r.job, String(r.address)]));
    expect(byJob.get("Own address")).toBe("Rruga Myslym Shyri 5");
    expect(byJob.get("At the shop")).toBe("Dyqani Beta");
    expect(formatAddress(byJob.get("Out of town"), "al")).toBe("pranë Kamëz, 2,1 km VL");
  });
});

describe("addresses with a geocoder (stand-in Nominatim on loopback)", () => {
  const startOf = () => destination([19.5 + jitter, 41.1], 0, 0);
  const endOf = () => destination([19.5 + jitter, 41.1], 90, 4000);

  it("renders the report without calling the geocoder, and queues the unknown cells for the job", async () => {
    await trip(startOf(), endOf(), 60);
    const run = await runReport(geo, admin, "trips", { from: DAY, to: DAY, vehicle_ids: [vehicleId] });
    expect(stand.seen).toEqual([]);
    const row = run.result.rows.find((r) => r.start === new Date(T + 60 * 60_000).toISOString())!;
    // meanwhile named from the gazetteer (the settlement's name alone when the point is in it), never coordinates
    expect(parseCoordinateText(String(row.start_place))).toBeNull();
    expect(formatAddress(String(row.start_place), "en")).toMatch(
      /^(near .+, \d+\.\d km (N|NE|E|SE|S|SW|W|NW)|[^\d,]+)$/,
    );
    const cells = await geo.db
      .selectFrom("geocode_cache")
      .select(["status"])
      .where("lat_e4", "=", Math.round(startOf()[1] * 1e4))
      .where("lon_e4", "=", Math.round(startOf()[0] * 1e4))
      .execute();
    expect(cells).toEqual([{ status: "pending" }]);
  });

  it("looks the cells up on the job, identifying Flota, and the report then shows the street address", async () => {
    const done = await geocodeWaiting(geo, { budgetMs: 30_000 });
    expect(done.found).toBeGreaterThanOrEqual(2);
    const asked = stand.seen.map((s) => s.url);
    expect(asked.every((u) => u.pathname === "/nominatim/reverse" && u.searchParams.get("format") === "jsonv2")).toBe(
      true,
    );
    expect(stand.seen.every((s) => s.agent.startsWith("Flota"))).toBe(true);
    const run = await runReport(geo, admin, "trips", { from: DAY, to: DAY, vehicle_ids: [vehicleId] });
    const row = run.result.rows.find((r) => r.start === new Date(T + 60 * 60_000).toISOString())!;
    const lat = (Math.round(startOf()[1] * 1e4) / 1e4).toFixed(6);
    expect(row.start_place).toBe(`Rruga ${lat} 12, Tiranë`);
    expect(reportCsv(run, "al")).toContain(`Rruga ${lat} 12`);
  });

  it("asks the geocoder once per cell: a cached cell is not looked up again", async () => {
    stand.seen.length = 0;
    await runReport(geo, admin, "trips", { from: DAY, to: DAY, vehicle_ids: [vehicleId] });
    // a point a few metres off falls in the same cell
    await resolveAddresses(geo, org.orgId, [{ lat: startOf()[1] + 0.00001, lon: startOf()[0] }]);
    const again = await geocodeWaiting(geo, { budgetMs: 5_000 });
    expect(again.looked).toBe(0);
    expect(stand.seen).toEqual([]);
  });

  it("keeps to the rate limit across lookups", async () => {
    const slow = createTestContext({ config: { GEOCODER_URL: geo.config.GEOCODER_URL!, GEOCODER_RATE_PER_SEC: "4" } });
    try {
      const points = [0, 1, 2, 3].map((i) => destination([19.3 + jitter, 40.9], 0, i * 500));
      await resolveAddresses(
        slow,
        org.orgId,
        points.map((p) => ({ lon: p[0], lat: p[1] })),
      );
      await geocodeWaiting(slow, { budgetMs: 30_000 });
      expect(stand.seen).toHaveLength(4);
      // 4 a second: the k-th request leaves no earlier than k × 250 ms after the first one's slot (less the first
      // one's own way to the server); one late request may bring the next a little closer, never to the same moment
      const span = stand.seen[3].at - stand.seen[0].at;
      expect(span).toBeGreaterThanOrEqual(3 * 250 - 50);
      for (let i = 1; i < 4; i++) expect(stand.seen[i].at - stand.seen[i - 1].at).toBeGreaterThanOrEqual(150);
    } finally {
      await slow.close();
    }
  });

  it("counts a failing geocoder's errors and gives up on a cell after three", async () => {
    stand.setFail(true);
    const p = destination([19.2 + jitter, 40.8], 0, 0);
    await resolveAddresses(geo, org.orgId, [{ lon: p[0], lat: p[1] }]);
    await geocodeWaiting(geo, { budgetMs: 10_000 });
    await geocodeWaiting(geo, { budgetMs: 10_000 });
    await geocodeWaiting(geo, { budgetMs: 10_000 });
    const cell = await geo.db
      .selectFrom("geocode_cache")
      .select(["status", "attempts"])
      .where("lat_e4", "=", Math.round(p[1] * 1e4))
      .where("lon_e4", "=", Math.round(p[0] * 1e4))
      .executeTakeFirstOrThrow();
    expect(cell).toEqual({ status: "failed", attempts: 3 });
    // a failed cell is not asked again the same day
    stand.seen.length = 0;
    await geocodeWaiting(geo, { budgetMs: 5_000 });
    expect(stand.seen).toEqual([]);
  });

  it("the minute's sweep starts a run when cells are waiting, and not otherwise", async () => {
    const sweep = addressesJobs.find((j) => j.name === "geocode-sweep")!;
    const run = (ctx: TestContext) => sweep.handler({} as never, ctx as never);
    await geocodeWaiting(geo, { budgetMs: 10_000 });
    expect(await run(geo)).toEqual({ queued: false });
    const p = destination([19.1 + jitter, 40.7], 0, 0);
    await resolveAddresses(geo, org.orgId, [{ lon: p[0], lat: p[1] }]);
    await geo.jobs.queue("geocode").obliterate({ force: true });
    expect(await run(geo)).toEqual({ queued: true });
    expect(await geo.jobs.queue("geocode").getJob("geocode-now")).toBeTruthy();
    expect(await run(plain)).toEqual({ queued: false });
  });

  it("does nothing without GEOCODER_URL, and runs on its own queue one at a time", async () => {
    expect(await geocodeWaiting(plain)).toEqual({ looked: 0, found: 0, failed: 0 });
    expect(addressesJobs.map((j) => [j.queue, j.name, j.concurrency])).toEqual([
      ["geocode", "geocode-addresses", 1],
      ["maintenance", "geocode-sweep", 1],
    ]);
  });
});

describe("geocoder answers", () => {
  it("makes a short address of Nominatim's and Photon's answers", () => {
    expect(
      nominatimAddress({ address: { road: "Rruga e Kavajës", house_number: "12", city: "Tiranë" }, display_name: "x" }),
    ).toBe("Rruga e Kavajës 12, Tiranë");
    expect(nominatimAddress({ address: { suburb: "Kombinat", city: "Tiranë" } })).toBe("Kombinat, Tiranë");
    expect(nominatimAddress({ error: "Unable to geocode" })).toBeNull();
    expect(
      photonAddress({ features: [{ properties: { street: "Rruga e Durrësit", housenumber: "5", city: "Tiranë" } }] }),
    ).toBe("Rruga e Durrësit 5, Tiranë");
    expect(photonAddress({ features: [{ properties: { name: "Sheshi Skënderbej", city: "Tiranë" } }] })).toBe(
      "Sheshi Skënderbej, Tiranë",
    );
    expect(photonAddress({ features: [] })).toBeNull();
  });
});
