import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap, Marker } from "maplibre-gl";
import type * as MapLibre from "maplibre-gl";
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { circleToPolygon, type LonLat } from "../../../../server/shared/geometry";
import { parsePolygonText, polygonToText } from "../../../../server/modules/places/places.schema";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { boundsOf } from "../../../lib/map/bounds";
import { MapView, useMap } from "../../../lib/map/MapView";
import { useGeoJsonLayers } from "../../../lib/map/layers/use-geojson-layers";

export type EditorMode = "point" | "circle" | "polygon";
const SHAPE_SOURCE = "place-shape";
const SHAPE_LAYERS: LayerSpecification[] = [
  {
    id: "place-shape-fill",
    type: "fill",
    source: SHAPE_SOURCE,
    paint: { "fill-color": "#c2410c", "fill-opacity": 0.15 },
  },
  {
    id: "place-shape-line",
    type: "line",
    source: SHAPE_SOURCE,
    paint: { "line-color": "#c2410c", "line-width": 2 },
  },
];
const EMPTY: GeoJSON.FeatureCollection = { type: "FeatureCollection", features: [] };
const round = (n: number) => Math.round(n * 1e6) / 1e6;

function field(form: HTMLFormElement, name: string) {
  return form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
}

/** Writes a value the way typing would: React, Conform and the unsaved-changes guard all see an input event. */
function writeField(form: HTMLFormElement, name: string, value: string) {
  const el = field(form, name);
  if (!el) return;
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

function readPoint(form: HTMLFormElement): LonLat | null {
  const lat = Number(field(form, "latitude")?.value.replace(",", ".") ?? "");
  const lon = Number(field(form, "longitude")?.value.replace(",", ".") ?? "");
  const latText = field(form, "latitude")?.value.trim();
  const lonText = field(form, "longitude")?.value.trim();
  if (
    !latText ||
    !lonText ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lon) ||
    Math.abs(lat) > 90 ||
    Math.abs(lon) > 180
  )
    return null;
  return [lon, lat];
}

function readPolygon(form: HTMLFormElement): LonLat[] {
  const parsed = parsePolygonText(field(form, "polygon")?.value ?? "");
  return "points" in parsed ? parsed.points : [];
}

/**
 * Map editing for the place form: click or drag the point / circle centre, or build a polygon
 * (click adds a vertex, drag moves one, a button removes the last). Every edit is written into the form inputs.
 */
export function PlaceEditorMap({
  formRef,
  mode,
  config,
  expose,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  mode: EditorMode;
  config: MapConfig;
  expose: boolean;
}) {
  const { t } = useTranslation("places");
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <p className="muted" role="status">
        {t("map.failed")}
      </p>
    );
  const form = formRef.current;
  return (
    <div className="stack">
      <small className="hint">
        {t(mode === "point" ? "hints.mapPoint" : mode === "circle" ? "hints.mapCircle" : "hints.mapPolygon")}
      </small>
      <MapView
        config={config}
        expose={expose}
        label={t("map.label")}
        className="places-map places-map-editor"
        data-testid="place-editor-map"
        canvasStyle={{ position: "absolute", inset: 0 }}
        onFailed={() => setFailed(true)}
      >
        <ShapeEditor formRef={formRef} mode={mode} />
      </MapView>
      {mode === "polygon" && form && (
        <div className="form-actions">
          <button
            type="button"
            className="button"
            data-testid="remove-last-vertex"
            onClick={() => writeField(form, "polygon", polygonToText(readPolygon(form).slice(0, -1)))}
          >
            {t("geofences.removeLast")}
          </button>
          <button type="button" className="button" onClick={() => writeField(form, "polygon", "")}>
            {t("geofences.clear")}
          </button>
        </div>
      )}
    </div>
  );
}

/** The form's shape on the map (a marker, a circle, a polygon with its vertices), kept in step with the inputs. */
function ShapeEditor({ formRef, mode }: { formRef: RefObject<HTMLFormElement | null>; mode: EditorMode }) {
  const ready = useMap();
  const map = useGeoJsonLayers(SHAPE_SOURCE, EMPTY, SHAPE_LAYERS);
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const state = useRef<{ lib: typeof MapLibre | null; marker: Marker | null; vertices: Marker[] }>({
    lib: null,
    marker: null,
    vertices: [],
  });

  const redraw = (map: MapLibreMap) => {
    const form = formRef.current;
    const { lib } = state.current;
    if (!form || !lib) return;
    const current = modeRef.current;
    const point = current === "polygon" ? null : readPoint(form);
    if (point) {
      if (!state.current.marker) {
        const marker = new lib.Marker({ draggable: true, color: "#c2410c" }).setLngLat(point).addTo(map);
        marker.on("dragend", () => {
          const { lng, lat } = marker.getLngLat();
          writeField(form, "latitude", String(round(lat)));
          writeField(form, "longitude", String(round(lng)));
        });
        state.current.marker = marker;
      } else state.current.marker.setLngLat(point);
    } else {
      state.current.marker?.remove();
      state.current.marker = null;
    }
    const ring = current === "polygon" ? readPolygon(form) : [];
    syncVertices(map, ring);
    let shape: GeoJSON.Feature | null = null;
    const radius = Number(field(form, "radius_m")?.value ?? "");
    if (current === "circle" && point && radius >= 10 && radius <= 100_000) {
      shape = {
        type: "Feature",
        properties: {},
        geometry: { type: "Polygon", coordinates: [circleToPolygon(point, radius)] },
      };
    } else if (ring.length >= 2) {
      shape = { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[...ring, ring[0]]] } };
    }
    void (map.getSource(SHAPE_SOURCE) as GeoJSONSource | undefined)?.setData({
      type: "FeatureCollection",
      features: shape ? [shape] : [],
    });
  };

  const syncVertices = (map: MapLibreMap, ring: LonLat[]) => {
    const { lib, vertices } = state.current;
    const form = formRef.current;
    if (!lib || !form) return;
    while (vertices.length > ring.length) vertices.pop()?.remove();
    ring.forEach((p, i) => {
      if (vertices[i]) {
        vertices[i].setLngLat(p);
        return;
      }
      const el = document.createElement("div");
      el.className = "vertex-marker";
      el.setAttribute("data-testid", "polygon-vertex");
      const marker = new lib.Marker({ element: el, draggable: true }).setLngLat(p).addTo(map);
      marker.on("dragend", () => {
        const index = state.current.vertices.indexOf(marker);
        const next = readPolygon(form);
        if (index < 0 || index >= next.length) return;
        const { lng, lat } = marker.getLngLat();
        next[index] = [round(lng), round(lat)];
        writeField(form, "polygon", polygonToText(next));
      });
      vertices[i] = marker;
    });
  };

  useLayoutEffect(() => {
    const form = formRef.current;
    if (!ready || !form) return;
    const m = ready.map;
    state.current.lib = ready.lib;
    const onClick = (e: MapLibre.MapMouseEvent) => {
      const lon = round(e.lngLat.lng);
      const lat = round(e.lngLat.lat);
      if (modeRef.current === "polygon") writeField(form, "polygon", polygonToText([...readPolygon(form), [lon, lat]]));
      else {
        writeField(form, "latitude", String(lat));
        writeField(form, "longitude", String(lon));
      }
    };
    m.on("click", onClick);
    redraw(m);
    const start =
      modeRef.current === "polygon" ? readPolygon(form) : [readPoint(form)].filter((p): p is LonLat => p !== null);
    if (start.length === 1) m.jumpTo({ center: start[0], zoom: 14 });
    else if (start.length > 1) m.fitBounds(boundsOf(start)!, { padding: 40, duration: 0, maxZoom: 16 });
    return () => {
      m.off("click", onClick);
    };
    // redraw reads refs only; the view is set once, when the map is ready
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, formRef]);

  useEffect(() => {
    const form = formRef.current;
    if (!form || !map) return;
    const onInput = () => redraw(map);
    form.addEventListener("input", onInput);
    form.addEventListener("change", onInput);
    redraw(map);
    return () => {
      form.removeEventListener("input", onInput);
      form.removeEventListener("change", onInput);
    };
    // redraw reads refs only; re-subscribing on mode change redraws with the new mode.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, mode, formRef]);
  return null;
}
