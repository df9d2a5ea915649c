import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { boundsOf } from "../../../lib/map/bounds";
import { MapView } from "../../../lib/map/MapView";
import { FitBounds } from "../../../lib/map/layers/FitBounds";
import { PLACES_LAYERS_URL, PlacesLayer, type PlacesToggle } from "../../../lib/map/layers/PlacesLayer";

/** The organisation's places on a map, with layer toggles; JavaScript only (the table is the no-JS view). */
export function PlacesOverviewMap({
  config,
  focus,
  expose,
}: {
  config: MapConfig;
  focus: "poi" | "geofence";
  expose: boolean;
}) {
  const { t } = useTranslation("places");
  const [visible, setVisible] = useState<Record<PlacesToggle, boolean>>({ pois: true, geofences: true });
  const [mounted, setMounted] = useState(false);
  const [data, setData] = useState<GeoJSON.FeatureCollection | null>(null);
  useEffect(() => {
    setMounted(true);
    let cancelled = false;
    fetch(PLACES_LAYERS_URL, { credentials: "same-origin" })
      .then((res) => (res.ok ? (res.json() as Promise<GeoJSON.FeatureCollection>) : null))
      .then((fetched) => {
        if (!cancelled && fetched) setData(fetched);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, []);
  const bounds = useMemo(() => {
    if (!data) return null;
    const focused = data.features.filter((f) => (f.properties as { kind?: string } | null)?.kind === focus);
    return boundsOf(
      (focused.length ? focused : data.features).flatMap((f) =>
        f.geometry.type === "Point"
          ? [f.geometry.coordinates]
          : f.geometry.type === "Polygon"
            ? f.geometry.coordinates[0]
            : [],
      ),
    );
  }, [data, focus]);
  const toggle = (key: PlacesToggle) => setVisible((v) => ({ ...v, [key]: !v[key] }));
  if (!mounted) return null;
  return (
    <MapView
      config={config}
      expose={expose}
      label={t("map.label")}
      className="places-map"
      data-testid="places-map"
      canvasStyle={{ position: "absolute", inset: 0 }}
      fallback={
        <p className="muted" role="status">
          {t("map.failed")}
        </p>
      }
    >
      {data && <PlacesLayer data={data} visible={visible} />}
      <FitBounds bounds={bounds} />
      <fieldset className="places-map-layers" aria-label={t("map.layers")}>
        <label>
          <input type="checkbox" checked={visible.pois} onChange={() => toggle("pois")} /> {t("map.layerPois")}
        </label>
        <label>
          <input type="checkbox" checked={visible.geofences} onChange={() => toggle("geofences")} />{" "}
          {t("map.layerGeofences")}
        </label>
      </fieldset>
    </MapView>
  );
}
