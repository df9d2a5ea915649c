import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNREACHABLE } from "../../server/optimization/geo";
import { optimizeRoutes } from "../../server/optimization/index";
import { buildMatrix, haversineMatrix, haversineMetres } from "../../server/optimization/matrix";

const paris = { lat: 48.8566, lon: 2.3522 };
const london = { lat: 51.5074, lon: -0.1278 };
const lyon = { lat: 45.764, lon: 4.8357 };

describe("haversine matrix", () => {
  it("uses great-circle distance times the detour factor, and the average speed", () => {
    expect(haversineMetres(paris, london) / 1000).toBeCloseTo(343.5, 0);
    const m = haversineMatrix([paris, london, lyon], { detourFactor: 1.3, speedKmh: 72 });
    expect(m.size).toBe(3);
    expect(m.distances[1]).toBeCloseTo(haversineMetres(paris, london) * 1.3, 6);
    expect(m.durations[1]).toBeCloseTo(m.distances[1] / 20, 6);
    expect(m.distances[0]).toBe(0);
    expect(m.distances[2 * 3 + 0]).toBe(m.distances[0 * 3 + 2]);
  });
});

/** Fake routing services: distance = 1000 * (|i - j| + 1) between coordinate i and j, by longitude order. */
const coords = [paris, london, lyon];
const indexOfLon = (lon: number) => coords.findIndex((c) => Math.abs(c.lon - lon) < 1e-5);
const fakeDistance = (a: number, b: number) => (a === b ? 0 : 1000 * (Math.abs(a - b) + 1));

let server: Server;
let base = "";
const osrmRequests: URL[] = [];
const valhallaBodies: {
  sources: { lat: number; lon: number }[];
  targets: { lat: number; lon: number }[];
  costing: string;
}[] = [];

function handler(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, "http://localhost");
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (url.pathname.startsWith("/table/v1/")) {
    osrmRequests.push(url);
    const [, , , profile, list] = url.pathname.split("/");
    if (profile !== "driving") return send(400, { code: "InvalidService", message: "profile" });
    const pts = decodeURIComponent(list)
      .split(";")
      .map((s) => indexOfLon(Number(s.split(",")[0])));
    const sources = (url.searchParams.get("sources") ?? "").split(";").map(Number);
    const destinations = (url.searchParams.get("destinations") ?? "").split(";").map(Number);
    if (url.searchParams.get("annotations") !== "duration,distance") return send(400, { code: "InvalidOptions" });
    const cell = (i: number, j: number) => {
      const a = pts[sources[i]];
      const b = pts[destinations[j]];
      return a === 1 && b === 2 ? null : fakeDistance(a, b);
    };
    return send(200, {
      code: "Ok",
      durations: sources.map((_, i) => destinations.map((_, j) => (cell(i, j) == null ? null : cell(i, j)! / 10))),
      distances: sources.map((_, i) => destinations.map((_, j) => cell(i, j))),
    });
  }
  if (url.pathname === "/sources_to_targets" && req.method === "POST") {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = JSON.parse(raw);
      valhallaBodies.push(body);
      const table = body.sources.map((s: { lon: number }, i: number) =>
        body.targets.map((t: { lon: number }, j: number) => {
          const d = fakeDistance(indexOfLon(s.lon), indexOfLon(t.lon));
          return { from_index: i, to_index: j, distance: d / 1000, time: d / 20 };
        }),
      );
      send(200, { sources_to_targets: table, units: "kilometers" });
    });
    return;
  }
  if (url.pathname === "/broken/table/v1/driving/x") return send(200, { code: "NoTable" });
  send(404, { code: "NotFound", error: "not found" });
}

beforeAll(async () => {
  server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("OSRM table client", () => {
  it("reads durations and distances, marks null cells unreachable", async () => {
    osrmRequests.length = 0;
    const m = await buildMatrix(coords, { provider: "osrm", url: base });
    expect(osrmRequests).toHaveLength(1);
    expect(osrmRequests[0].pathname).toContain("2.352200,48.856600;-0.127800,51.507400");
    expect(m.distances[0 * 3 + 2]).toBe(3000);
    expect(m.durations[0 * 3 + 2]).toBe(300);
    expect(m.distances[1 * 3 + 2]).toBe(UNREACHABLE);
    expect(m.durations[1 * 3 + 2]).toBe(UNREACHABLE);
    expect(m.distances[2 * 3 + 1]).toBe(2000);
  });

  it("splits large tables into source/destination blocks", async () => {
    osrmRequests.length = 0;
    const m = await buildMatrix(coords, { provider: "osrm", url: base, maxLocationsPerRequest: 2 });
    // blocks of one source and one destination: 3 x 3 requests, none above two coordinates
    expect(osrmRequests.length).toBe(9);
    for (const u of osrmRequests)
      expect(decodeURIComponent(u.pathname.split("/")[4]).split(";").length).toBeLessThanOrEqual(2);
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) {
        const expected = a === 1 && b === 2 ? UNREACHABLE : fakeDistance(a, b);
        expect(m.distances[a * 3 + b]).toBe(expected);
      }
    }
  });

  it("throws on an error response", async () => {
    await expect(buildMatrix(coords, { provider: "osrm", url: base, profile: "rocket" })).rejects.toThrow(/OSRM/);
  });
});

describe("Valhalla sources_to_targets client", () => {
  it("posts sources/targets/costing and converts kilometres to metres", async () => {
    valhallaBodies.length = 0;
    const m = await buildMatrix(coords, { provider: "valhalla", url: base, costing: "truck" });
    expect(valhallaBodies).toHaveLength(1);
    expect(valhallaBodies[0].costing).toBe("truck");
    expect(valhallaBodies[0].sources[1]).toEqual(london);
    expect(m.distances[0 * 3 + 1]).toBeCloseTo(2000, 6);
    expect(m.durations[0 * 3 + 1]).toBeCloseTo(100, 6);
    expect(m.distances[1 * 3 + 1]).toBe(0);
  });

  it("feeds optimizeRoutes end to end", async () => {
    const result = await optimizeRoutes(
      {
        vehicles: [{ id: "v", start: paris, end: paris }],
        jobs: [
          { id: "london", location: london },
          { id: "lyon", location: lyon },
        ],
      },
      { matrix: { provider: "valhalla", url: base }, maxIterations: 50 },
    );
    expect(result.unassigned).toEqual([]);
    // paris->london 2000, london->lyon 2000, lyon->paris 3000 (either direction is 7000)
    expect(result.summary.distance).toBeCloseTo(7000, 6);
    expect(result.locations).toHaveLength(3);
  });
});
