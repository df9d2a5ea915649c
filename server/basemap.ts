import type { Config } from "./config";

/** OpenFreeMap's "Liberty" street map: free, no account or key (https://openfreemap.org). */
export const DEFAULT_MAP_STYLE_URL = "https://tiles.openfreemap.org/styles/liberty";
export const OPENFREEMAP_ATTRIBUTION =
  '<a href="https://openfreemap.org" target="_blank" rel="noopener">OpenFreeMap</a> ' +
  '<a href="https://www.openmaptiles.org/" target="_blank" rel="noopener">© OpenMapTiles</a> ' +
  'Data from <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">© OpenStreetMap contributors</a>';

export interface Basemap {
  /** a remote MapLibre style (MAP_STYLE_URL or the OpenFreeMap default); null for PMTiles or offline */
  styleUrl: string | null;
  pmtilesUrl: string | null;
  /** credit added to the style's sources that declare none (the default style's) */
  attribution: string | null;
  /** origins the browser fetches map data from, for the CSP connect-src */
  origins: string[];
}

type MapEnv = Pick<Config, "MAP_STYLE" | "MAP_STYLE_URL" | "PMTILES_URL" | "MAP_CSP_ORIGINS">;

/**
 * MAP_STYLE=offline forces the built-in basemap; otherwise MAP_STYLE_URL, then PMTILES_URL, then
 * OpenFreeMap. Remote basemaps fall back to the offline one in the browser when they cannot be loaded.
 */
export function basemapFor(config: MapEnv): Basemap {
  if (config.MAP_STYLE === "offline") return { styleUrl: null, pmtilesUrl: null, attribution: null, origins: [] };
  const extra = config.MAP_CSP_ORIGINS ?? [];
  const origins = (...urls: string[]) => [...new Set([...urls.map((u) => new URL(u).origin), ...extra])];
  if (config.MAP_STYLE_URL)
    return {
      styleUrl: config.MAP_STYLE_URL,
      pmtilesUrl: null,
      attribution: null,
      origins: origins(config.MAP_STYLE_URL),
    };
  if (config.PMTILES_URL)
    return { styleUrl: null, pmtilesUrl: config.PMTILES_URL, attribution: null, origins: origins(config.PMTILES_URL) };
  return {
    styleUrl: DEFAULT_MAP_STYLE_URL,
    pmtilesUrl: null,
    attribution: OPENFREEMAP_ATTRIBUTION,
    origins: origins(DEFAULT_MAP_STYLE_URL),
  };
}

/**
 * Content-Security-Policy for every response. Scripts and styles are not restricted (React Router's
 * hydration data is inline); what it does restrict is where pages may send requests: this origin
 * (pages, /api, the /live WebSocket) and the basemap's hosts only when a remote basemap is configured.
 */
export function contentSecurityPolicy(config: MapEnv): string {
  return [
    `connect-src 'self' ${basemapFor(config).origins.join(" ")}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}
