import type { Map as MapLibreMap, MapOptions, StyleSpecification } from "maplibre-gl";
import type * as MapLibre from "maplibre-gl";
import {
  needsPmtiles,
  offlineStyle,
  pmtilesStyle,
  swapBasemap,
  withAttribution,
  type MapConfig,
} from "./basemap-style";
import { registerPmtiles } from "./load-maplibre";

export type BasemapKind = "online" | "offline";

/** The remote style JSON must arrive within this time, */
export const STYLE_TIMEOUT_MS = 4000;
/** and its first tile within this time after the map is created; */
export const FIRST_TILE_TIMEOUT_MS = 8000;
/** this many tile failures in a row (no tile loaded in between) also mean the tile server is gone. */
export const TILE_FAILURES_IN_A_ROW = 3;
/** After a fallback, pages opened in this tab use the offline basemap for a while instead of waiting again. */
const UNREACHABLE_KEY = "flota.basemap.unreachable";
const REMEMBER_MS = 5 * 60_000;

interface RemoteBasemap {
  style: StyleSpecification;
  sources: string[];
  layers: string[];
}

const isAbsolute = (u: string) => /^[a-z][a-z0-9+.-]*:/i.test(u);
/** Relative URLs in a style are relative to the style's own URL; `{z}`-style tokens must survive. */
const resolveUrl = (u: string, base: string) =>
  isAbsolute(u) ? u : new URL(u, base).href.replace(/%7B/gi, "{").replace(/%7D/gi, "}");

export function absoluteStyle(style: StyleSpecification, base: string): StyleSpecification {
  const sources = Object.fromEntries(
    Object.entries(style.sources ?? {}).map(([id, src]) => {
      const s = { ...src } as Record<string, unknown>;
      if (typeof s.url === "string") s.url = resolveUrl(s.url, base);
      if (Array.isArray(s.tiles)) s.tiles = (s.tiles as string[]).map((t) => resolveUrl(t, base));
      if (typeof s.data === "string") s.data = resolveUrl(s.data, base);
      return [id, s];
    }),
  ) as StyleSpecification["sources"];
  const sprite =
    typeof style.sprite === "string"
      ? resolveUrl(style.sprite, base)
      : Array.isArray(style.sprite)
        ? style.sprite.map((x) => ({ ...x, url: resolveUrl(x.url, base) }))
        : style.sprite;
  return {
    ...style,
    sources,
    ...(sprite ? { sprite } : {}),
    ...(style.glyphs ? { glyphs: resolveUrl(style.glyphs, base) } : {}),
  };
}

async function fetchStyle(url: string): Promise<StyleSpecification | null> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), STYLE_TIMEOUT_MS);
  try {
    const res = await fetch(url, { signal: abort.signal, credentials: "omit" });
    if (!res.ok) return null;
    const style = (await res.json()) as StyleSpecification;
    return style && style.version === 8 && style.sources && Array.isArray(style.layers)
      ? absoluteStyle(style, res.url || url)
      : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

function recentlyUnreachable(): boolean {
  try {
    const at = Number(sessionStorage.getItem(UNREACHABLE_KEY));
    return Number.isFinite(at) && Date.now() - at < REMEMBER_MS;
  } catch {
    return false;
  }
}

function rememberUnreachable() {
  try {
    sessionStorage.setItem(UNREACHABLE_KEY, String(Date.now()));
  } catch {
    /* private mode: nothing to remember */
  }
}

/** The remote basemap (style URL or PMTiles), or null when it is not configured or cannot be fetched. */
async function remoteBasemap(lib: typeof MapLibre, config: MapConfig): Promise<RemoteBasemap | null> {
  if (!config.styleUrl && !config.pmtilesUrl) return null;
  if (recentlyUnreachable()) return null;
  if (needsPmtiles(config)) await registerPmtiles(lib);
  const fetched = config.styleUrl ? await fetchStyle(config.styleUrl) : pmtilesStyle(config.pmtilesUrl as string);
  if (!fetched) {
    rememberUnreachable();
    return null;
  }
  const style = withAttribution(fetched, config.attribution);
  return { style, sources: Object.keys(style.sources), layers: style.layers.map((l) => l.id) };
}

/**
 * Watches a remote basemap and calls `fail` once if it does not work: a source that cannot load its
 * tile JSON, several tile failures in a row, or no tile at all in time.
 */
function watchRemote(map: MapLibreMap, remote: RemoteBasemap, fail: () => void): () => void {
  const sources = new Set(remote.sources);
  let loaded = false;
  let failures = 0;
  let done = false;
  const give = () => {
    if (done) return;
    done = true;
    stop();
    fail();
  };
  type SourceEvent = { sourceId?: string; tile?: unknown };
  const onData = (ev: object) => {
    const e = ev as SourceEvent;
    if (!e.sourceId || !sources.has(e.sourceId) || !e.tile) return;
    loaded = true;
    failures = 0;
  };
  const onError = (ev: object) => {
    const e = ev as SourceEvent;
    if (!e.sourceId || !sources.has(e.sourceId)) return;
    if (!e.tile)
      give(); // the source itself (tile JSON, PMTiles header) failed
    else if (++failures >= TILE_FAILURES_IN_A_ROW) give();
  };
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    timer = setTimeout(() => {
      if (loaded) return;
      if (document.hidden)
        arm(); // a hidden tab loads nothing: no verdict yet
      else give();
    }, FIRST_TILE_TIMEOUT_MS);
  };
  arm();
  map.on("sourcedata", onData);
  map.on("error", onError);
  function stop() {
    clearTimeout(timer);
    map.off("sourcedata", onData);
    map.off("error", onError);
  }
  return stop;
}

/**
 * Creates the map on the configured basemap, or on the offline one when the remote basemap cannot be
 * reached; switches to the offline one later if its tiles fail, keeping the app's own sources and layers.
 * `onBasemap` reports which basemap is shown.
 */
export async function createBasemapMap(
  lib: typeof MapLibre,
  config: MapConfig,
  options: Omit<MapOptions, "style">,
  onBasemap: (kind: BasemapKind) => void,
): Promise<{ map: MapLibreMap; stop: () => void }> {
  const origin = window.location.origin;
  const remote = await remoteBasemap(lib, config);
  const map = new lib.Map({ ...options, style: remote?.style ?? offlineStyle(origin) });
  onBasemap(remote ? "online" : "offline");
  if (!remote) return { map, stop: () => {} };
  const stop = watchRemote(map, remote, () => {
    rememberUnreachable();
    map.setStyle(offlineStyle(origin), {
      diff: false,
      transformStyle: (previous, next) => swapBasemap(previous, next, remote),
    });
    onBasemap("offline");
  });
  return { map, stop };
}
