import type { GeoJSONSource } from "maplibre-gl";
import type { FleetVehicle } from "./fleet-types";
import { hasPosition, vehicleFeature, type VehicleFeature } from "./vehicle-layers";

/** [[west, south], [east, north]] in degrees. */
export type LngLatBox = [[number, number], [number, number]];

/** The part of the vehicle source the sync uses (MapLibre's GeoJSONSource). */
export type SyncedSource = Pick<GeoJSONSource, "setData" | "updateData">;

export interface SyncResult {
  /** vehicles with a position (pins and clustered points together) */
  count: number;
  /** pins added, moved, restyled or removed by this update */
  changed: number;
  /** changed vehicles left out because they are out of view, before and after: sent once the view reaches them */
  held: number;
  bounds: LngLatBox | null;
}

const inBox = (lon: number, lat: number, box: LngLatBox) =>
  lon >= box[0][0] && lon <= box[1][0] && lat >= box[0][1] && lat <= box[1][1];

/** The box grown by `fraction` of its width and height on each side (pins and clusters at the edge stay right). */
export function padBox(box: LngLatBox, fraction: number): LngLatBox {
  const dx = (box[1][0] - box[0][0]) * fraction;
  const dy = (box[1][1] - box[0][1]) * fraction;
  return [
    [box[0][0] - dx, box[0][1] - dy],
    [box[1][0] + dx, box[1][1] + dy],
  ];
}

/**
 * Keeps the vehicle source in step with the fleet list. The first update (and the first after the
 * source was re-created, e.g. by a basemap switch) sends every pin; later ones send only the vehicles
 * whose object changed (the live store replaces a vehicle's object when a position arrives) through
 * `updateData`, so 10,000 pins with a few dozen moving per frame cost a few dozen features, not 10,000.
 *
 * With a `view`, a vehicle that moved from somewhere out of view to somewhere out of view is held
 * back: nothing on screen changes, and each update of a clustered source makes MapLibre regroup every
 * point and reload every tile in view. It is sent by the first update whose view reaches it (a pan or
 * zoom), since it still differs from what was sent. The selected vehicle is always sent.
 * The source must use `promoteId: "vehicleId"`.
 */
export class VehicleSourceSync {
  private sent = new Map<string, { vehicle: FleetVehicle; selected: boolean }>();
  private source: SyncedSource | undefined;

  constructor(private readonly getSource: () => SyncedSource | undefined) {}

  update(vehicles: FleetVehicle[], selectedId: string | null, view?: LngLatBox | null): SyncResult | null {
    const source = this.getSource();
    if (!source) return null;
    const full = source !== this.source;
    if (full) {
      this.sent.clear();
      this.source = source;
    }
    const changed: VehicleFeature[] = [];
    const seen = new Set<string>();
    let held = 0;
    let w = Infinity,
      s = Infinity,
      e = -Infinity,
      n = -Infinity;
    for (const v of vehicles) {
      if (!hasPosition(v)) continue;
      seen.add(v.vehicleId);
      const lon = v.longitude as number,
        lat = v.latitude as number;
      if (lon < w) w = lon;
      if (lon > e) e = lon;
      if (lat < s) s = lat;
      if (lat > n) n = lat;
      const selected = v.vehicleId === selectedId;
      const prev = this.sent.get(v.vehicleId);
      if (prev && prev.vehicle === v && prev.selected === selected) continue;
      if (
        prev &&
        view &&
        !selected &&
        !prev.selected &&
        !inBox(lon, lat, view) &&
        !inBox(prev.vehicle.longitude as number, prev.vehicle.latitude as number, view)
      ) {
        held++;
        continue;
      }
      this.sent.set(v.vehicleId, { vehicle: v, selected });
      changed.push(vehicleFeature(v, selected, v.vehicleId));
    }
    const removed: string[] = [];
    for (const id of this.sent.keys()) if (!seen.has(id)) removed.push(id);
    for (const id of removed) this.sent.delete(id);
    if (full) void source.setData({ type: "FeatureCollection", features: changed });
    else if (changed.length || removed.length) void source.updateData({ add: changed, remove: removed });
    return {
      count: seen.size,
      changed: changed.length + removed.length,
      held,
      bounds: seen.size
        ? [
            [w, s],
            [e, n],
          ]
        : null,
    };
  }
}
