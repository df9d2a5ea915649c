import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap } from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { createBasemapMap } from "../../../lib/map/basemap-loader";
import type { MapConfig } from "../../../lib/map/basemap-style";
import type { FleetVehicle } from "../../../lib/map/fleet-types";
import { loadMapLibre } from "../../../lib/map/load-maplibre";
import { provideVehicleImages } from "../../../lib/map/pin-images";
import {
  CLUSTER_LAYER,
  PIN_LAYER,
  VEHICLE_SOURCE,
  VEHICLE_SOURCE_OPTIONS,
  hasPosition,
  vehicleLayers,
} from "../../../lib/map/vehicle-layers";
import { VehicleSourceSync, padBox, type LngLatBox } from "../../../lib/map/vehicle-source-sync";
import { PLACES_TOGGLES, placesLayerSpec, setPlacesVisibility, type PlacesToggle } from "../../places/layers";
import { useChunkFailure } from "../../../lib/use-chunk-watchdog";

declare global {
  interface Window {
    __flotaMap?: MapLibreMap;
    /** set by bench/map.ts: each vehicle-source update's main-thread time (ms) is pushed here */
    __flotaMapTimings?: number[];
  }
}

export const DEFAULT_CENTER: [number, number] = [20.0, 41.2];
/** Shortest time between two updates of the map's vehicle source while positions stream in. */
export const MAP_UPDATE_INTERVAL_MS = 250;
/** Longest an update waits for the previous one to be drawn (a pan that keeps loading tiles must not starve it). */
export const MAP_UPDATE_MAX_WAIT_MS = 1000;
/** Pins this far outside the view (as a share of its width and height) still count as in view. */
const VIEW_MARGIN = 0.25;

interface FleetMapProps {
  vehicles: FleetVehicle[];
  selectedId: string | null;
  follow: boolean;
  config: MapConfig;
  expose: boolean;
  /** Points of interest and geofences as togglable layers under the pins (users with places:read). */
  showPlaces: boolean;
  onSelect: (vehicleId: string) => void;
}

/** The live map (browser only): vehicle pins coloured by state, rotated by course, clustered when zoomed out. */
export function FleetMap({ vehicles, selectedId, follow, config, expose, showPlaces, onSelect }: FleetMapProps) {
  const { t } = useTranslation("manage");
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const fitted = useRef(false);
  const sync = useRef<VehicleSourceSync | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const chunkFailed = useChunkFailure();
  const [placeLayers, setPlaceLayers] = useState<Record<PlacesToggle, boolean>>({ pois: true, geofences: true });

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    let stopWatching = () => {};
    (async () => {
      const lib = await loadMapLibre();
      if (cancelled || !container.current) return;
      const element = container.current;
      const made = await createBasemapMap(
        lib,
        config,
        {
          container: element,
          center: DEFAULT_CENTER,
          zoom: 6,
          attributionControl: { compact: true },
          // No symbol fade-in: with positions streaming in, every update would otherwise animate (redraw) for 300 ms.
          fadeDuration: 0,
        },
        (kind) => {
          element.dataset.basemap = kind;
        },
      );
      map = made.map;
      stopWatching = made.stop;
      if (cancelled) {
        stopWatching();
        map.remove();
        return;
      }
      mapRef.current = map;
      if (expose) window.__flotaMap = map;
      map.addControl(new lib.NavigationControl({ showCompass: true }), "top-right");
      provideVehicleImages(map);
      map.on("load", () => {
        const m = map as MapLibreMap;
        if (showPlaces) {
          const places = placesLayerSpec();
          m.addSource(places.sourceId, places.source);
          for (const layer of places.layers) m.addLayer(layer);
        }
        m.addSource(VEHICLE_SOURCE, {
          type: "geojson",
          data: { type: "FeatureCollection", features: [] },
          ...VEHICLE_SOURCE_OPTIONS,
        });
        sync.current = new VehicleSourceSync(() => m.getSource(VEHICLE_SOURCE) as GeoJSONSource | undefined);
        for (const layer of vehicleLayers()) m.addLayer(layer as LayerSpecification);
        m.on("click", PIN_LAYER, (e) => {
          const id = e.features?.[0]?.properties?.vehicleId;
          if (typeof id === "string") onSelectRef.current(id);
        });
        m.on("click", CLUSTER_LAYER, async (e) => {
          const f = e.features?.[0];
          if (!f || f.geometry.type !== "Point") return;
          const zoom = await (m.getSource(VEHICLE_SOURCE) as GeoJSONSource).getClusterExpansionZoom(
            f.properties.cluster_id,
          );
          m.easeTo({
            center: f.geometry.coordinates as [number, number],
            zoom,
          });
        });
        for (const layer of [PIN_LAYER, CLUSTER_LAYER]) {
          m.on("mouseenter", layer, () => {
            m.getCanvas().style.cursor = "pointer";
          });
          m.on("mouseleave", layer, () => {
            m.getCanvas().style.cursor = "";
          });
        }
        setReady(true);
      });
    })().catch((err) => {
      console.error(err);
      if (!cancelled && !chunkFailed(err)) setFailed(true);
    });
    return () => {
      cancelled = true;
      stopWatching();
      sync.current = null;
      if (window.__flotaMap === map) delete window.__flotaMap;
      map?.remove();
      mapRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is rebuilt only when its style or source changes, not for every new config object
  }, [config.styleUrl, config.pmtilesUrl, config.attribution, expose, showPlaces]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !showPlaces) return;
    for (const toggle of Object.keys(PLACES_TOGGLES) as PlacesToggle[])
      setPlacesVisibility(map, toggle, placeLayers[toggle]);
  }, [ready, showPlaces, placeLayers]);

  // Pins follow the list at most every MAP_UPDATE_INTERVAL_MS (a selection at once), and not before
  // the previous update is drawn (its worker pass and tile reloads done): each update of the clustered
  // source makes MapLibre regroup every point and reload every tile in view, so on a slow renderer
  // updates queue behind each other instead of piling up. Vehicles moving out of view wait for the view.
  const latest = useRef({ vehicles, selectedId });
  latest.current = { vehicles, selectedId };
  const pushed = useRef({
    at: -Infinity,
    waitingSince: null as number | null,
    selectedId: null as string | null,
    held: 0,
    timer: null as ReturnType<typeof setTimeout> | null,
  });
  const schedulePush = useRef<(now: boolean) => void>(() => {});
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const state = pushed.current;
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
      const view: LngLatBox | null = fitted.current
        ? padBox(
            [
              [b.getWest(), b.getSouth()],
              [b.getEast(), b.getNorth()],
            ],
            VIEW_MARGIN,
          )
        : null;
      const data = sync.current?.update(list, sel, view);
      if (!data) return;
      state.at = performance.now();
      state.waitingSince = null;
      state.selectedId = sel;
      state.held = data.held;
      window.__flotaMapTimings?.push(state.at - started);
      container.current?.setAttribute("data-pin-count", String(data.count));
      if (!fitted.current && data.bounds) {
        fitted.current = true;
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
    };
  }, [ready]);
  useEffect(() => {
    if (ready) schedulePush.current(selectedId !== pushed.current.selectedId);
  }, [ready, vehicles, selectedId]);

  const vehiclesRef = useRef(vehicles);
  vehiclesRef.current = vehicles;
  useEffect(() => {
    const map = mapRef.current;
    const v = vehiclesRef.current.find((x) => x.vehicleId === selectedId);
    if (!ready || !map || !v || !hasPosition(v)) return;
    map.easeTo({
      center: [v.longitude as number, v.latitude as number],
      zoom: Math.max(map.getZoom(), 13),
      duration: 500,
    });
  }, [ready, selectedId]);

  const selected = vehicles.find((v) => v.vehicleId === selectedId);
  const followLon = follow && selected && hasPosition(selected) ? selected.longitude : null;
  const followLat = follow && selected && hasPosition(selected) ? selected.latitude : null;
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || followLon === null || followLat === null) return;
    map.easeTo({
      center: [followLon, followLat],
      zoom: Math.max(map.getZoom(), 14),
      duration: 600,
    });
  }, [ready, followLon, followLat]);

  return (
    <div className="fleet-map" data-testid="fleet-map" data-ready={ready ? "1" : "0"}>
      <div ref={container} className="map-canvas" role="region" aria-label={t("map.label")} />
      {showPlaces && ready && (
        <fieldset className="map-layers" data-testid="map-layers">
          <legend className="visually-hidden">{t("map.layers")}</legend>
          {(Object.keys(PLACES_TOGGLES) as PlacesToggle[]).map((toggle) => (
            <label key={toggle}>
              <input
                type="checkbox"
                name={`layer-${toggle}`}
                checked={placeLayers[toggle]}
                onChange={(e) => setPlaceLayers((s) => ({ ...s, [toggle]: e.target.checked }))}
              />
              {t(`map.${toggle}`)}
            </label>
          ))}
        </fieldset>
      )}
      {failed && <p className="map-failed alert alert-warn">{t("map.failed")}</p>}
    </div>
  );
}
