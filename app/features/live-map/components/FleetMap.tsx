import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap } from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { needsPmtiles, resolveMapStyle, type MapConfig } from "../../../lib/map/basemap-style";
import type { FleetVehicle } from "../../../lib/map/fleet-types";
import { loadMapLibre, registerPmtiles } from "../../../lib/map/load-maplibre";
import { provideVehicleImages } from "../../../lib/map/pin-images";
import { CLUSTER_LAYER, CLUSTER_OPTIONS, PIN_LAYER, VEHICLE_SOURCE, hasPosition, vehicleFeatures, vehicleLayers } from "../../../lib/map/vehicle-layers";
import { PLACES_TOGGLES, placesLayerSpec, setPlacesVisibility, type PlacesToggle } from "../../places/layers";

declare global {
  interface Window { __flotaMap?: MapLibreMap }
}

export const DEFAULT_CENTER: [number, number] = [20.0, 41.2];

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
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [placeLayers, setPlaceLayers] = useState<Record<PlacesToggle, boolean>>({ pois: true, geofences: true });

  useEffect(() => {
    let cancelled = false;
    let map: MapLibreMap | null = null;
    (async () => {
      const lib = await loadMapLibre();
      if (needsPmtiles(config)) await registerPmtiles(lib);
      if (cancelled || !container.current) return;
      map = new lib.Map({
        container: container.current,
        style: resolveMapStyle(config, window.location.origin),
        center: DEFAULT_CENTER,
        zoom: 6,
        attributionControl: { compact: true },
      });
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
        m.addSource(VEHICLE_SOURCE, { type: "geojson", data: { type: "FeatureCollection", features: [] }, ...CLUSTER_OPTIONS });
        for (const layer of vehicleLayers()) m.addLayer(layer as LayerSpecification);
        m.on("click", PIN_LAYER, (e) => {
          const id = e.features?.[0]?.properties?.vehicleId;
          if (typeof id === "string") onSelectRef.current(id);
        });
        m.on("click", CLUSTER_LAYER, async (e) => {
          const f = e.features?.[0];
          if (!f || f.geometry.type !== "Point") return;
          const zoom = await (m.getSource(VEHICLE_SOURCE) as GeoJSONSource).getClusterExpansionZoom(f.properties.cluster_id);
          m.easeTo({ center: f.geometry.coordinates as [number, number], zoom });
        });
        for (const layer of [PIN_LAYER, CLUSTER_LAYER]) {
          m.on("mouseenter", layer, () => { m.getCanvas().style.cursor = "pointer"; });
          m.on("mouseleave", layer, () => { m.getCanvas().style.cursor = ""; });
        }
        setReady(true);
      });
    })().catch((err) => {
      console.error(err);
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      if (window.__flotaMap === map) delete window.__flotaMap;
      map?.remove();
      mapRef.current = null;
    };
  }, [config.styleUrl, config.pmtilesUrl, expose, showPlaces]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !showPlaces) return;
    for (const toggle of Object.keys(PLACES_TOGGLES) as PlacesToggle[]) setPlacesVisibility(map, toggle, placeLayers[toggle]);
  }, [ready, showPlaces, placeLayers]);

  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    const data = vehicleFeatures(vehicles, selectedId);
    (map.getSource(VEHICLE_SOURCE) as GeoJSONSource | undefined)?.setData(data);
    container.current?.setAttribute("data-pin-count", String(data.features.length));
    if (!fitted.current && data.features.length) {
      fitted.current = true;
      const lons = data.features.map((f) => f.geometry.coordinates[0]);
      const lats = data.features.map((f) => f.geometry.coordinates[1]);
      map.fitBounds([[Math.min(...lons), Math.min(...lats)], [Math.max(...lons), Math.max(...lats)]], { padding: 60, maxZoom: 13, duration: 0 });
    }
  }, [ready, vehicles, selectedId]);

  const vehiclesRef = useRef(vehicles);
  vehiclesRef.current = vehicles;
  useEffect(() => {
    const map = mapRef.current;
    const v = vehiclesRef.current.find((x) => x.vehicleId === selectedId);
    if (!ready || !map || !v || !hasPosition(v)) return;
    map.easeTo({ center: [v.longitude as number, v.latitude as number], zoom: Math.max(map.getZoom(), 13), duration: 500 });
  }, [ready, selectedId]);

  const selected = vehicles.find((v) => v.vehicleId === selectedId);
  const followLon = follow && selected && hasPosition(selected) ? selected.longitude : null;
  const followLat = follow && selected && hasPosition(selected) ? selected.latitude : null;
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || followLon === null || followLat === null) return;
    map.easeTo({ center: [followLon, followLat], zoom: Math.max(map.getZoom(), 14), duration: 600 });
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
