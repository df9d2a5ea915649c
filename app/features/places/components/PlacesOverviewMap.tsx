import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { PLACES_LAYERS_URL, placesLayerSpec, setPlacesVisibility, type PlacesToggle } from "../layers";
import { useMapLibre } from "../../../lib/map/use-maplibre";

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
  const [visible, setVisible] = useState({ pois: true, geofences: true });
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { map, failed, containerRef } = useMapLibre(config, {
    expose,
    onLoad: async (m) => {
      const res = await fetch(PLACES_LAYERS_URL, { credentials: "same-origin" });
      if (!res.ok) return;
      const data = (await res.json()) as GeoJSON.FeatureCollection;
      const spec = placesLayerSpec({ data });
      m.addSource(spec.sourceId, spec.source);
      for (const layer of spec.layers) m.addLayer(layer);
      const focused = data.features.filter((f) => (f.properties as { kind?: string } | null)?.kind === focus);
      const coords = (focused.length ? focused : data.features).flatMap((f) =>
        f.geometry.type === "Point"
          ? [f.geometry.coordinates]
          : f.geometry.type === "Polygon"
            ? f.geometry.coordinates[0]
            : [],
      );
      if (coords.length) {
        const lons = coords.map((c) => c[0]);
        const lats = coords.map((c) => c[1]);
        m.fitBounds(
          [
            [Math.min(...lons), Math.min(...lats)],
            [Math.max(...lons), Math.max(...lats)],
          ],
          { padding: 40, maxZoom: 14, duration: 0 },
        );
      }
    },
  });
  const toggle = (key: PlacesToggle) => {
    const next = { ...visible, [key]: !visible[key] };
    setVisible(next);
    if (map) setPlacesVisibility(map, key, next[key]);
  };
  if (!mounted) return null;
  if (failed)
    return (
      <p className="muted" role="status">
        {t("map.failed")}
      </p>
    );
  return (
    <div className="places-map" data-testid="places-map">
      <div ref={containerRef} style={{ position: "absolute", inset: 0 }} aria-label={t("map.label")} role="region" />
      <fieldset className="places-map-layers" aria-label={t("map.layers")}>
        <label>
          <input type="checkbox" checked={visible.pois} onChange={() => toggle("pois")} /> {t("map.layerPois")}
        </label>
        <label>
          <input type="checkbox" checked={visible.geofences} onChange={() => toggle("geofences")} />{" "}
          {t("map.layerGeofences")}
        </label>
      </fieldset>
    </div>
  );
}
