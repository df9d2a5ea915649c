import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../lib/map/basemap-style";
import type { FleetVehicle } from "../../../lib/map/fleet-types";
import { MapView, useMap } from "../../../lib/map/MapView";
import { PLACES_TOGGLES, PlacesLayer, type PlacesToggle } from "../../../lib/map/layers/PlacesLayer";
import { VehiclesLayer } from "../../../lib/map/layers/VehiclesLayer";
import { hasPosition } from "../../../lib/map/vehicle-layers";

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

/** The live map (browser only): the places under the vehicle pins; the map follows the chosen vehicle. */
export function FleetMap({ vehicles, selectedId, follow, config, expose, showPlaces, onSelect }: FleetMapProps) {
  const { t } = useTranslation("manage");
  const [placeLayers, setPlaceLayers] = useState<Record<PlacesToggle, boolean>>({ pois: true, geofences: true });
  return (
    <MapView
      config={config}
      expose={expose}
      exposeAs="__flotaMap"
      compass
      fadeDuration={0}
      label={t("map.label")}
      className="fleet-map"
      data-testid="fleet-map"
      canvasClassName="map-canvas"
      failed={<p className="map-failed alert alert-warn">{t("map.failed")}</p>}
    >
      {showPlaces && <PlacesLayer visible={placeLayers} />}
      <VehiclesLayer vehicles={vehicles} selectedId={selectedId} onSelect={onSelect} />
      <ChosenVehicleView vehicles={vehicles} selectedId={selectedId} follow={follow} />
      {showPlaces && <PlacesToggles shown={placeLayers} onChange={setPlaceLayers} />}
    </MapView>
  );
}

/** Centres the chosen vehicle when it is chosen, and keeps it centred while `follow` is on. */
function ChosenVehicleView({
  vehicles,
  selectedId,
  follow,
}: {
  vehicles: FleetVehicle[];
  selectedId: string | null;
  follow: boolean;
}) {
  const map = useMap()?.map;
  const vehiclesRef = useRef(vehicles);
  vehiclesRef.current = vehicles;
  useEffect(() => {
    const v = vehiclesRef.current.find((x) => x.vehicleId === selectedId);
    if (!map || !v || !hasPosition(v)) return;
    map.easeTo({
      center: [v.longitude as number, v.latitude as number],
      zoom: Math.max(map.getZoom(), 13),
      duration: 500,
    });
  }, [map, selectedId]);

  const selected = vehicles.find((v) => v.vehicleId === selectedId);
  const followLon = follow && selected && hasPosition(selected) ? selected.longitude : null;
  const followLat = follow && selected && hasPosition(selected) ? selected.latitude : null;
  useEffect(() => {
    if (!map || followLon === null || followLat === null) return;
    map.easeTo({
      center: [followLon, followLat],
      zoom: Math.max(map.getZoom(), 14),
      duration: 600,
    });
  }, [map, followLon, followLat]);
  return null;
}

/** The switches of the place layers, once the map is there. */
function PlacesToggles({
  shown,
  onChange,
}: {
  shown: Record<PlacesToggle, boolean>;
  onChange: (update: (s: Record<PlacesToggle, boolean>) => Record<PlacesToggle, boolean>) => void;
}) {
  const { t } = useTranslation("manage");
  const ready = useMap();
  if (!ready) return null;
  return (
    <fieldset className="map-layers" data-testid="map-layers">
      <legend className="visually-hidden">{t("map.layers")}</legend>
      {(Object.keys(PLACES_TOGGLES) as PlacesToggle[]).map((toggle) => (
        <label key={toggle}>
          <input
            type="checkbox"
            name={`layer-${toggle}`}
            checked={shown[toggle]}
            onChange={(e) => onChange((s) => ({ ...s, [toggle]: e.target.checked }))}
          />
          {t(`map.${toggle}`)}
        </label>
      ))}
    </fieldset>
  );
}
