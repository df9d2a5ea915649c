import { describe, expect, it } from "vitest";
import { absoluteStyle } from "../../app/lib/map/basemap-loader";
import { swapBasemap, withAttribution } from "../../app/lib/map/basemap-style";
import type { FleetVehicle, LivePositionMessage } from "../../app/lib/map/fleet-types";
import { applyPositions, queuePosition } from "../../app/lib/map/live-fleet";
import { ConfigError, loadConfig } from "../../server/config";
import { basemapFor, contentSecurityPolicy, DEFAULT_MAP_STYLE_URL } from "../../server/basemap";

const env = (over: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgres://x@127.0.0.1/x", ...over });

describe("basemap configuration", () => {
  it("defaults to OpenFreeMap with its credit, and lets the CSP reach only its host", () => {
    const b = basemapFor(env());
    expect(b).toMatchObject({
      styleUrl: DEFAULT_MAP_STYLE_URL,
      pmtilesUrl: null,
      origins: ["https://tiles.openfreemap.org"],
    });
    expect(b.attribution).toContain("OpenFreeMap");
    expect(b.attribution).toContain("OpenMapTiles");
    expect(b.attribution).toContain("OpenStreetMap contributors");
    expect(contentSecurityPolicy(env())).toContain("connect-src 'self' https://tiles.openfreemap.org;");
  });

  it("MAP_STYLE=offline forces the built-in basemap and allows no map host", () => {
    const c = env({ MAP_STYLE: "offline", MAP_STYLE_URL: "https://tiles.example.org/style.json" });
    expect(basemapFor(c)).toEqual({ styleUrl: null, pmtilesUrl: null, attribution: null, origins: [] });
    expect(contentSecurityPolicy(c)).toContain("connect-src 'self';");
  });

  it("MAP_STYLE_URL, then PMTILES_URL override the default; MAP_CSP_ORIGINS adds the style's other hosts", () => {
    const c = env({
      MAP_STYLE_URL: "https://tiles.example.org/style.json",
      PMTILES_URL: "https://files.example.org/a.pmtiles",
      MAP_CSP_ORIGINS: "https://fonts.example.org, https://sprites.example.org",
    });
    expect(basemapFor(c)).toMatchObject({
      styleUrl: "https://tiles.example.org/style.json",
      attribution: null,
      origins: ["https://tiles.example.org", "https://fonts.example.org", "https://sprites.example.org"],
    });
    expect(basemapFor(env({ PMTILES_URL: "https://files.example.org/a.pmtiles" }))).toMatchObject({
      styleUrl: null,
      pmtilesUrl: "https://files.example.org/a.pmtiles",
      origins: ["https://files.example.org"],
    });
    expect(() => env({ MAP_STYLE: "satellite" })).toThrow(ConfigError);
    expect(() => env({ MAP_CSP_ORIGINS: "https://fonts.example.org/path" })).toThrow(/not an origin/);
  });
});

describe("remote styles in the browser", () => {
  it("credits vector sources that declare nothing, and resolves relative URLs against the style's URL", () => {
    const style = absoluteStyle(
      {
        version: 8,
        sprite: "sprites/ofm",
        glyphs: "/fonts/{fontstack}/{range}.pbf",
        sources: { omt: { type: "vector", url: "planet" }, shade: { type: "raster", tiles: ["ne/{z}/{x}/{y}.png"] } },
        layers: [],
      },
      "https://tiles.example.org/styles/liberty",
    );
    expect(style.sprite).toBe("https://tiles.example.org/styles/sprites/ofm");
    expect(style.glyphs).toBe("https://tiles.example.org/fonts/{fontstack}/{range}.pbf");
    expect(style.sources.omt).toMatchObject({ url: "https://tiles.example.org/styles/planet" });
    expect(style.sources.shade).toMatchObject({ tiles: ["https://tiles.example.org/styles/ne/{z}/{x}/{y}.png"] });
    const credited = withAttribution(style, "© Credit");
    expect(credited.sources.omt).toMatchObject({ attribution: "© Credit" });
    expect(credited.sources.shade).not.toHaveProperty("attribution");
  });

  it("swapping basemaps keeps the app's sources and layers on top", () => {
    const previous = {
      version: 8 as const,
      sources: {
        omt: { type: "vector" as const, url: "x" },
        vehicles: { type: "geojson" as const, data: { type: "FeatureCollection" as const, features: [] } },
      },
      layers: [
        { id: "bg", type: "background" as const },
        { id: "roads", type: "line" as const, source: "omt", "source-layer": "t" },
        { id: "vehicle-pins", type: "symbol" as const, source: "vehicles" },
      ],
    };
    const next = {
      version: 8 as const,
      sources: { countries: { type: "geojson" as const, data: "/map/basemap.geojson" } },
      layers: [{ id: "sea", type: "background" as const }],
    };
    const swapped = swapBasemap(previous, next, { sources: ["omt"], layers: ["bg", "roads"] });
    expect(Object.keys(swapped.sources)).toEqual(["countries", "vehicles"]);
    expect(swapped.layers.map((l) => l.id)).toEqual(["sea", "vehicle-pins"]);
  });
});

describe("live positions applied per frame", () => {
  const vehicle = (id: string, fixTime: string): FleetVehicle => ({
    vehicleId: id,
    registration: id,
    category: "Car",
    teamId: null,
    teamName: null,
    driverName: null,
    status: "Moving",
    displayState: "moving",
    ignition: 1,
    speed: 10,
    latitude: 41,
    longitude: 19,
    course: 0,
    fixTime,
    faults: [],
  });
  const msg = (id: string, fixTime: string, lat: number): LivePositionMessage => ({
    type: "position",
    vehicleId: id,
    latitude: lat,
    longitude: 19.5,
    fixTime,
  });

  it("replaces only the vehicles that moved, and never goes back to an older fix", () => {
    const list = [
      vehicle("a", "2026-01-01T10:00:00Z"),
      vehicle("b", "2026-01-01T10:00:00Z"),
      vehicle("c", "2026-01-01T10:00:00Z"),
    ];
    const out = applyPositions(list, [msg("a", "2026-01-01T10:00:10Z", 41.1), msg("c", "2026-01-01T09:59:00Z", 41.9)]);
    expect(out).not.toBe(list);
    expect(out[0].latitude).toBe(41.1);
    expect(out[1]).toBe(list[1]);
    expect(out[2]).toBe(list[2]);
    expect(applyPositions(list, [msg("zz", "2026-01-01T10:00:10Z", 40)])).toBe(list);
  });

  it("holds at most the newest position per vehicle between frames", () => {
    const queue = new Map<string, LivePositionMessage>();
    queuePosition(queue, msg("a", "2026-01-01T10:00:10Z", 41.1));
    queuePosition(queue, msg("a", "2026-01-01T10:00:20Z", 41.2));
    queuePosition(queue, msg("a", "2026-01-01T10:00:15Z", 41.15));
    queuePosition(queue, msg("b", "2026-01-01T10:00:15Z", 41.3));
    expect(queue.size).toBe(2);
    expect(queue.get("a")?.latitude).toBe(41.2);
  });
});
