import type { GeoJSONSource, LayerSpecification, MapLayerMouseEvent } from "maplibre-gl";
import { useEffect, useLayoutEffect, useRef } from "react";
import type { FleetVehicle } from "../fleet-types";
import { provideVehicleImages } from "../pin-images";
import { CLUSTER_LAYER, PIN_LAYER, VEHICLE_SOURCE, VEHICLE_SOURCE_OPTIONS, vehicleLayers } from "../vehicle-layers";
import { VehicleSourceSync, padBox, type LngLatBox } from "../vehicle-source-sync";
import { useMap } from "../MapView";
import { useGeoJsonLayers, useLayerClick } from "./use-geojson-layers";

/** Shortest time between two updates of the map's vehicle source while positions stream in. */
export const MAP_UPDATE_INTERVAL_MS = 250;
/** Longest an update waits for the previous one to be drawn (a pan that keeps loading tiles must not starve it). */
export const MAP_UPDATE_MAX_WAIT_MS = 1000;
/** Pins this far outside the view (as a share of its width and height) still count as in view. */
const VIEW_MARGIN = 0.25;

const EMPTY: GeoJSON.FeatureCollection = { type: "FeatureCollection", features: [] };
const LAYERS = vehicleLayers() as LayerSpecification[];

/**
 * The live vehicle pins, coloured by state, rotated by course, clustered when zoomed out (vehicle-layers.ts).
 * The first pins fit the view; the map's container carries `data-pin-count`. A click on a pin selects its
 * vehicle, a click on a cluster zooms into it.
 *
 * Pins follow the list at most every MAP_UPDATE_INTERVAL_MS (a selection at once), and not before the previous
 * update is drawn (its worker pass and tile reloads done): each update of the clustered source makes MapLibre
 * regroup every point and reload every tile in view, so on a slow renderer updates queue behind each other
 * instead of piling up. Vehicles moving out of view wait for the view (vehicle-source-sync.ts).
 */
export function VehiclesLayer({
  vehicles,
  selectedId,
  onSelect,
}: {
  vehicles: FleetVehicle[];
  selectedId: string | null;
  onSelect: (vehicleId: string) => void;
}) {
  const map = useMap()?.map ?? null;
  useLayoutEffect(() => {
    if (map) provideVehicleImages(map);
  }, [map]);
  useGeoJsonLayers(VEHICLE_SOURCE, EMPTY, LAYERS, { source: VEHICLE_SOURCE_OPTIONS });
  useLayerClick(map, PIN_LAYER, (p) => {
    if (typeof p.vehicleId === "string") onSelect(p.vehicleId);
  });
  useLayerClick(map, CLUSTER_LAYER, async (p, e: MapLayerMouseEvent) => {
    const f = e.features?.[0];
    if (!map || !f || f.geometry.type !== "Point") return;
    const zoom = await (map.getSource(VEHICLE_SOURCE) as GeoJSONSource).getClusterExpansionZoom(p.cluster_id as number);
    map.easeTo({ center: f.geometry.coordinates as [number, number], zoom });
  });

  const latest = useRef({ vehicles, selectedId });
  latest.current = { vehicles, selectedId };
  const pushed = useRef({
    at: -Infinity,
    waitingSince: null as number | null,
    selectedId: null as string | null,
    held: 0,
    fitted: false,
    timer: null as ReturnType<typeof setTimeout> | null,
  });
  const schedulePush = useRef<(now: boolean) => void>(() => {});
  useEffect(() => {
    if (!map) return;
    const state = pushed.current;
    const sync = new VehicleSourceSync(() => map.getSource(VEHICLE_SOURCE) as GeoJSONSource | undefined);
    const push = () => {
      state.timer = null;
      const { vehicles: list, selectedId: sel } = latest.current;
      const started = performance.now();
      const busy = map.getSource(VEHICLE_SOURCE) !== undefined && !map.isSourceLoaded(VEHICLE_SOURCE);
      if (busy && sel === state.selectedId && started - (state.waitingSince ?? started) < MAP_UPDATE_MAX_WAIT_MS) {
        state.waitingSince ??= started;
        state.timer = setTimeout(push, 16);
        return;
      }
      const b = map.getBounds();
      const view: LngLatBox | null = state.fitted
        ? padBox(
            [
              [b.getWest(), b.getSouth()],
              [b.getEast(), b.getNorth()],
            ],
            VIEW_MARGIN,
          )
        : null;
      const data = sync.update(list, sel, view);
      if (!data) return;
      state.at = performance.now();
      state.waitingSince = null;
      state.selectedId = sel;
      state.held = data.held;
      window.__flotaMapTimings?.push(state.at - started);
      map.getContainer().setAttribute("data-pin-count", String(data.count));
      if (!state.fitted && data.bounds) {
        state.fitted = true;
        map.fitBounds(data.bounds, { padding: 60, maxZoom: 13, duration: 0 });
      }
    };
    schedulePush.current = (now) => {
      const wait = state.at + MAP_UPDATE_INTERVAL_MS - performance.now();
      if (now || wait <= 0) {
        if (state.timer) clearTimeout(state.timer);
        push();
      } else {
        state.timer ??= setTimeout(push, wait);
      }
    };
    const onMoveEnd = () => {
      if (state.held > 0) schedulePush.current(false);
    };
    map.on("moveend", onMoveEnd);
    return () => {
      map.off("moveend", onMoveEnd);
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
      schedulePush.current = () => {};
    };
  }, [map]);
  useEffect(() => {
    if (map) schedulePush.current(selectedId !== pushed.current.selectedId);
  }, [map, vehicles, selectedId]);
  return null;
}
