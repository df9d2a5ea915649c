import { describe, expect, it } from "vitest";
import { needsPmtiles, offlineStyle, pmtilesStyle } from "../../app/lib/map/basemap-style";
import { reconnectDelay, subscriptionParam } from "../../app/lib/map/backoff";
import type { FleetVehicle } from "../../app/lib/map/fleet-types";
import { applyPosition, countFleet, mergeFleet } from "../../app/lib/map/live-fleet";
import { fromLocalInput, formatDateTime, toLocalInput } from "../../app/lib/map/time";
import {
  CLUSTER_LAYER,
  CLUSTER_OPTIONS,
  PIN_LAYER,
  VEHICLE_SOURCE,
  normaliseCourse,
  vehicleFeatures,
  vehicleLayers,
} from "../../app/lib/map/vehicle-layers";
import { PIN_COLORS, pinKind } from "../../app/lib/map/vehicle-style";

const vehicle = (over: Partial<FleetVehicle> = {}): FleetVehicle => ({
  vehicleId: "v1",
  registration: "AA 101 AA",
  category: "Car",
  teamId: null,
  teamName: null,
  driverName: null,
  status: "Moving",
  displayState: "moving",
  ignition: 1,
  speed: 50,
  latitude: 41.3,
  longitude: 19.8,
  course: 90,
  fixTime: "2026-01-01T10:00:00.000Z",
  faults: [],
  ...over,
});

describe("vehicle source and layers", () => {
  it("clusters the vehicle source and keeps single pins out of the cluster layer", () => {
    expect(CLUSTER_OPTIONS.cluster).toBe(true);
    expect(CLUSTER_OPTIONS.clusterMaxZoom).toBeGreaterThan(8);
    const layers = vehicleLayers();
    const cluster = layers.find((l) => l.id === CLUSTER_LAYER)!;
    const pins = layers.find((l) => l.id === PIN_LAYER)!;
    expect(cluster.source).toBe(VEHICLE_SOURCE);
    expect(cluster.filter).toEqual(["has", "point_count"]);
    expect(pins.filter).toEqual(["!", ["has", "point_count"]]);
    expect((pins.layout as Record<string, unknown>)["icon-rotate"]).toEqual(["get", "course"]);
  });

  it("makes one point per positioned vehicle, coloured by state and pointing along the course", () => {
    const fc = vehicleFeatures(
      [
        vehicle(),
        vehicle({ vehicleId: "v2", status: "Off", displayState: "stopped", course: -90 }),
        vehicle({ vehicleId: "v3", status: "Unknown", displayState: "off", latitude: null, longitude: null }),
      ],
      "v2",
    );
    expect(fc.features.map((f) => f.properties.vehicleId)).toEqual(["v1", "v2"]);
    expect(fc.features[0].geometry.coordinates).toEqual([19.8, 41.3]);
    expect(fc.features[0].properties.pin).toBe("pin-moving");
    expect(fc.features[1].properties.pin).toBe("pin-stopped");
    expect(fc.features[1].properties.course).toBe(270);
    expect(fc.features[1].properties.selected).toBe(true);
    expect(normaliseCourse(725)).toBe(5);
  });

  it("uses the spec's pin colours: moving green, off blue, stopped orange", () => {
    expect(pinKind("Moving", "moving")).toBe("moving");
    expect(pinKind("Off", "stopped")).toBe("stopped");
    expect(pinKind("Off", "off")).toBe("off");
    expect(pinKind("Idle", "stand by")).toBe("standby");
    expect(pinKind("Unknown", "off")).toBe("unknown");
    expect(PIN_COLORS.moving).toBe("#2e9e44");
    expect(PIN_COLORS.off).toBe("#2f6fdb");
    expect(PIN_COLORS.stopped).toMatch(/^#f[0-9a-f]8c[0-9a-f]{2}$/);
  });
});

describe("live updates", () => {
  it("moves only the matching vehicle and ignores an older fix", () => {
    const list = [vehicle(), vehicle({ vehicleId: "v2" })];
    const moved = applyPosition(list, {
      type: "position",
      vehicleId: "v1",
      latitude: 42,
      longitude: 20,
      speed: 0,
      ignition: 0,
      fixTime: "2026-01-01T10:01:00.000Z",
      status: "Off",
      displayState: "stopped",
    });
    expect(moved[0]).toMatchObject({ latitude: 42, longitude: 20, speed: 0, status: "Off", displayState: "stopped" });
    expect(moved[1]).toBe(list[1]);
    const stale = applyPosition(moved, {
      type: "position",
      vehicleId: "v1",
      latitude: 1,
      longitude: 1,
      fixTime: "2026-01-01T09:00:00.000Z",
    });
    expect(stale[0].latitude).toBe(42);
  });

  it("keeps a newer live fix when the server list is reloaded, and follows the server's list", () => {
    const live = [
      vehicle({ latitude: 42, fixTime: "2026-01-01T10:05:00.000Z" }),
      vehicle({ vehicleId: "v2", latitude: 40, fixTime: "2026-01-01T09:00:00.000Z" }),
    ];
    const server = [
      vehicle({ latitude: 41, fixTime: "2026-01-01T10:00:00.000Z", driverName: "New driver" }),
      vehicle({ vehicleId: "v3" }),
    ];
    const merged = mergeFleet(server, live);
    expect(merged.map((v) => v.vehicleId)).toEqual(["v1", "v3"]);
    expect(merged[0]).toMatchObject({ latitude: 42, fixTime: "2026-01-01T10:05:00.000Z", driverName: "New driver" });
    expect(mergeFleet([vehicle({ latitude: 43, fixTime: "2026-01-01T11:00:00.000Z" })], live)[0].latitude).toBe(43);
  });

  it("counts vehicles the way the server does", () => {
    const c = countFleet([
      vehicle(),
      vehicle({ displayState: "stopped", status: "Off" }),
      vehicle({ displayState: "stand by", status: "Idle" }),
      vehicle({ displayState: "idle", status: "Idle" }),
      vehicle({ displayState: "off", status: "Off" }),
      vehicle({ status: "Unknown", displayState: "off" }),
    ]);
    expect(c).toEqual({ moving: 1, stopped: 1, standBy: 2, off: 1, unknown: 1, total: 6 });
  });

  it("backs off from 1 s to at most 30 s and builds the spec's subscription parameter", () => {
    expect(reconnectDelay(0, () => 0)).toBe(1000);
    expect(reconnectDelay(3, () => 0)).toBe(8000);
    expect(reconnectDelay(20, () => 0)).toBe(30_000);
    expect(reconnectDelay(2, () => 1)).toBe(3200);
    expect(subscriptionParam("markers", "u-1", 1_700_000_000_999)).toBe("markers-u-1-1700000000");
  });
});

describe("basemap", () => {
  it("draws countries over a sea background when no style is configured", () => {
    const style = offlineStyle("https://flota.example");
    expect(style.layers.map((l) => l.type)).toEqual(["background", "fill", "line"]);
    expect((style.sources.countries as { data: string }).data).toBe("https://flota.example/map/basemap.geojson");
  });

  it("reads a PMTiles file through pmtiles://", () => {
    const pm = pmtilesStyle("https://files.example/albania.pmtiles");
    expect((pm.sources.protomaps as { url: string }).url).toBe("pmtiles://https://files.example/albania.pmtiles");
    expect(needsPmtiles({ styleUrl: null, pmtilesUrl: "https://files.example/a.pmtiles" })).toBe(true);
    expect(needsPmtiles({ styleUrl: "https://tiles.example/style.json", pmtilesUrl: null })).toBe(true);
    expect(needsPmtiles({ styleUrl: null, pmtilesUrl: null })).toBe(false);
  });
});

describe("organisation time zone", () => {
  it("reads and shows wall-clock times in the zone, across daylight saving", () => {
    expect(fromLocalInput("2026-07-01T10:00", "Europe/Tirane")?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(fromLocalInput("2026-01-15T10:00", "Europe/Tirane")?.toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(fromLocalInput("2026-01-15 10:00", "Europe/Tirane")?.toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(fromLocalInput("yesterday", "Europe/Tirane")).toBeNull();
    expect(formatDateTime("2026-07-01T08:00:05.000Z", "Europe/Tirane")).toBe("2026-07-01 10:00:05");
    expect(toLocalInput(new Date("2026-01-15T09:30:00Z"), "Europe/Tirane")).toBe("2026-01-15 10:30");
  });
});
