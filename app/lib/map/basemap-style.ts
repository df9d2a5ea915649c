import type { StyleSpecification } from "maplibre-gl";

/** The basemap chosen by the server (server/basemap.ts); both null: the offline basemap. */
export interface MapConfig {
  styleUrl: string | null;
  pmtilesUrl: string | null;
  /** credit for a remote style's sources that declare none */
  attribution?: string | null;
}

export const BASEMAP_PATH = "/map/basemap.geojson";
export const SEA_COLOR = "#c9dcec";
export const LAND_COLOR = "#f3f1ea";
export const BORDER_COLOR = "#a7a9ac";

/** Offline basemap: world-atlas country outlines on a sea-coloured background; no glyphs or sprites needed. */
export function countriesStyle(basemapUrl: string): StyleSpecification {
  return {
    version: 8,
    sources: { countries: { type: "geojson", data: basemapUrl, attribution: "Natural Earth" } },
    layers: [
      { id: "sea", type: "background", paint: { "background-color": SEA_COLOR } },
      { id: "land", type: "fill", source: "countries", paint: { "fill-color": LAND_COLOR } },
      {
        id: "borders",
        type: "line",
        source: "countries",
        paint: { "line-color": BORDER_COLOR, "line-width": ["interpolate", ["linear"], ["zoom"], 2, 0.4, 8, 1.2] },
      },
    ],
  };
}

const asPmtiles = (url: string) => (url.startsWith("pmtiles://") ? url : `pmtiles://${url}`);

/** A PMTiles file in the Protomaps basemap schema, drawn without labels (no glyph server needed). */
export function pmtilesStyle(pmtilesUrl: string): StyleSpecification {
  const src = "protomaps";
  return {
    version: 8,
    sources: { [src]: { type: "vector", url: asPmtiles(pmtilesUrl), attribution: "Protomaps © OpenStreetMap" } },
    layers: [
      { id: "sea", type: "background", paint: { "background-color": SEA_COLOR } },
      { id: "earth", type: "fill", source: src, "source-layer": "earth", paint: { "fill-color": LAND_COLOR } },
      {
        id: "landuse",
        type: "fill",
        source: src,
        "source-layer": "landuse",
        paint: { "fill-color": "#e3ecd9", "fill-opacity": 0.7 },
      },
      { id: "water", type: "fill", source: src, "source-layer": "water", paint: { "fill-color": SEA_COLOR } },
      {
        id: "roads",
        type: "line",
        source: src,
        "source-layer": "roads",
        paint: {
          "line-color": "#ffffff",
          "line-width": ["interpolate", ["exponential", 1.6], ["zoom"], 6, 0.5, 16, 8],
        },
      },
      {
        id: "boundaries",
        type: "line",
        source: src,
        "source-layer": "boundaries",
        paint: { "line-color": BORDER_COLOR, "line-dasharray": [3, 2] },
      },
    ],
  };
}

export const offlineStyle = (origin: string) => countriesStyle(new URL(BASEMAP_PATH, origin).href);

/** Any configured style may read pmtiles:// sources, so the protocol is registered unless the built-in basemap is used. */
export function needsPmtiles(config: MapConfig): boolean {
  return Boolean(config.pmtilesUrl || config.styleUrl);
}

/** Gives the style's vector sources that declare no credit the configured one (a tile JSON's credit still replaces it). */
export function withAttribution(style: StyleSpecification, attribution: string | null | undefined): StyleSpecification {
  if (!attribution) return style;
  const sources = Object.fromEntries(
    Object.entries(style.sources ?? {}).map(([id, src]) => [
      id,
      src.type === "vector" && !src.attribution ? { ...src, attribution } : src,
    ]),
  );
  return { ...style, sources };
}

/** Basemap layers out, app layers (vehicles, tracks, places) kept, when one basemap replaces another. */
export function swapBasemap(
  previous: StyleSpecification | undefined,
  next: StyleSpecification,
  basemap: { sources: string[]; layers: string[] },
): StyleSpecification {
  if (!previous) return next;
  const oldSources = new Set(basemap.sources);
  const oldLayers = new Set(basemap.layers);
  const appSources = Object.fromEntries(Object.entries(previous.sources ?? {}).filter(([id]) => !oldSources.has(id)));
  const appLayers = (previous.layers ?? []).filter((l) => !oldLayers.has(l.id));
  return { ...next, sources: { ...next.sources, ...appSources }, layers: [...next.layers, ...appLayers] };
}
