import { describe, expect, it } from "vitest";
import type { FleetVehicle } from "../../app/lib/map/fleet-types";
import { applyPositions } from "../../app/lib/map/live-fleet";
import { VehicleSourceSync, padBox, type LngLatBox, type SyncedSource } from "../../app/lib/map/vehicle-source-sync";

const vehicle = (id: string, lat: number, lon: number): FleetVehicle => ({
  vehicleId: id,
  registration: id.toUpperCase(),
  category: "Car",
  teamId: null,
  teamName: null,
  driverName: null,
  status: "Moving",
  displayState: "moving",
  ignition: 1,
  speed: 50,
  latitude: lat,
  longitude: lon,
  course: 90,
  fixTime: "2026-01-01T10:00:00.000Z",
  faults: [],
});

/** A stand-in for MapLibre's GeoJSONSource that records what it was sent. */
function recordingSource() {
  const calls: { kind: "set" | "update"; add: string[]; remove: string[] }[] = [];
  const source = {
    setData(data: GeoJSON.FeatureCollection) {
      calls.push({
        kind: "set",
        add: data.features.map((f) => String(f.properties?.vehicleId)),
        remove: [],
      });
      return Promise.resolve();
    },
    updateData(diff: { add?: GeoJSON.Feature[]; remove?: (string | number)[] }) {
      calls.push({
        kind: "update",
        add: (diff.add ?? []).map((f) => String(f.properties?.vehicleId)),
        remove: (diff.remove ?? []).map(String),
      });
      return Promise.resolve();
    },
  } as unknown as SyncedSource;
  return { source, calls };
}

let fix = 0;
const move = (list: FleetVehicle[], id: string, lat: number, lon: number) =>
  applyPositions(list, [
    {
      type: "position",
      vehicleId: id,
      latitude: lat,
      longitude: lon,
      fixTime: new Date(Date.parse("2026-01-01T10:00:00Z") + ++fix * 1000).toISOString(),
    },
  ]);

// The view: Tirana and around; Shkodër (42.07, 19.51) and Vlorë (40.47, 19.49) are outside it.
const TIRANA: LngLatBox = [
  [19.6, 41.2],
  [20.0, 41.45],
];

describe("vehicle source sync", () => {
  it("sends every pin first, then only the vehicles that changed", () => {
    const { source, calls } = recordingSource();
    const sync = new VehicleSourceSync(() => source);
    let list = [vehicle("a", 41.33, 19.82), vehicle("b", 41.34, 19.83), vehicle("c", 42.07, 19.51)];
    expect(sync.update(list, null)).toMatchObject({
      count: 3,
      changed: 3,
      held: 0,
    });
    expect(calls).toEqual([{ kind: "set", add: ["a", "b", "c"], remove: [] }]);
    expect(sync.update(list, null)).toMatchObject({ changed: 0 });
    expect(calls).toHaveLength(1);
    list = move(list, "b", 41.35, 19.84);
    sync.update(list, null);
    expect(calls[1]).toEqual({ kind: "update", add: ["b"], remove: [] });
    sync.update(list.slice(1), null);
    expect(calls[2]).toEqual({ kind: "update", add: [], remove: ["a"] });
  });

  it("holds back vehicles moving out of view and sends them once the view reaches them", () => {
    const { source, calls } = recordingSource();
    const sync = new VehicleSourceSync(() => source);
    let list = [vehicle("tirana", 41.33, 19.82), vehicle("shkoder", 42.07, 19.51), vehicle("vlore", 40.47, 19.49)];
    sync.update(list, null, TIRANA);
    expect(calls[0].add).toEqual(["tirana", "shkoder", "vlore"]);

    // Shkodër moves within Shkodër: nothing on screen changes, so the map is not touched at all.
    list = move(list, "shkoder", 42.08, 19.52);
    expect(sync.update(list, null, TIRANA)).toMatchObject({
      changed: 0,
      held: 1,
      count: 3,
    });
    expect(calls).toHaveLength(1);

    // A vehicle in view moves: it goes, the held one still waits.
    list = move(list, "tirana", 41.331, 19.821);
    expect(sync.update(list, null, TIRANA)).toMatchObject({
      changed: 1,
      held: 1,
    });
    expect(calls[1]).toEqual({ kind: "update", add: ["tirana"], remove: [] });

    // Vlorë drives into the view: sent, since it arrives where the user looks.
    list = move(list, "vlore", 41.3, 19.7);
    sync.update(list, null, TIRANA);
    expect(calls[2].add).toEqual(["vlore"]);

    // Leaving the view is sent too (the pin must disappear from where it was drawn).
    list = move(list, "tirana", 40.47, 19.49);
    sync.update(list, null, TIRANA);
    expect(calls[3].add).toEqual(["tirana"]);

    // The user zooms out over the whole country: the held vehicle is sent at its newest position.
    const country: LngLatBox = [
      [19.0, 39.5],
      [21.1, 42.7],
    ];
    expect(sync.update(list, null, country)).toMatchObject({
      changed: 1,
      held: 0,
    });
    expect(calls[4].add).toEqual(["shkoder"]);
    expect(sync.update(list, null, country)).toMatchObject({
      changed: 0,
      held: 0,
    });
  });

  it("always sends the selected vehicle and a change of selection, in view or not", () => {
    const { source, calls } = recordingSource();
    const sync = new VehicleSourceSync(() => source);
    let list = [vehicle("tirana", 41.33, 19.82), vehicle("shkoder", 42.07, 19.51)];
    sync.update(list, null, TIRANA);
    sync.update(list, "shkoder", TIRANA);
    expect(calls[1].add).toEqual(["shkoder"]);
    list = move(list, "shkoder", 42.08, 19.52);
    sync.update(list, "shkoder", TIRANA);
    expect(calls[2].add).toEqual(["shkoder"]);
    sync.update(list, null, TIRANA);
    expect(calls[3].add).toEqual(["shkoder"]);
  });

  it("sends everything again to a new source (a basemap switch re-creates it), whatever the view", () => {
    let current = recordingSource();
    const sync = new VehicleSourceSync(() => current.source);
    const list = [vehicle("tirana", 41.33, 19.82), vehicle("shkoder", 42.07, 19.51)];
    sync.update(list, null, TIRANA);
    current = recordingSource();
    sync.update(list, null, TIRANA);
    expect(current.calls).toEqual([{ kind: "set", add: ["tirana", "shkoder"], remove: [] }]);
  });

  it("grows the view by a share of its size on each side", () => {
    const [[w, s], [e, n]] = padBox(TIRANA, 0.25);
    expect([w, s, e, n].map((x) => Math.round(x * 1e6) / 1e6)).toEqual([19.5, 41.1375, 20.1, 41.5125]);
  });
});
