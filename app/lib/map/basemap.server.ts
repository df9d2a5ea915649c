import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { basemapFor } from "../../../server/basemap";
import type { LoadContext } from "../route-kit.server";
import type { MapConfig } from "./basemap-style";

const round = (n: number) => Math.round(n * 1e3) / 1e3;

function roundCoordinates(value: unknown): unknown {
  if (typeof value === "number") return round(value);
  return Array.isArray(value) ? value.map(roundCoordinates) : value;
}

let cached: Promise<string> | null = null;

/** world-atlas 1:50m countries as GeoJSON, converted once per process; coordinates rounded to ~100 m, finer than the 1:50m source. */
export function basemapGeoJson(): Promise<string> {
  cached ??= (async () => {
    const file = createRequire(import.meta.url).resolve("world-atlas/countries-50m.json");
    const topology = JSON.parse(await readFile(file, "utf8")) as Topology<{ countries: GeometryCollection }>;
    const collection = feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection;
    const features = collection.features.map((f) => ({
      type: "Feature" as const,
      properties: { name: (f.properties as { name?: string } | null)?.name ?? "" },
      geometry:
        f.geometry && "coordinates" in f.geometry
          ? { ...f.geometry, coordinates: roundCoordinates(f.geometry.coordinates) }
          : f.geometry,
    }));
    return JSON.stringify({ type: "FeatureCollection", features });
  })();
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

/** What the page needs to pick a basemap (server/config.ts MAP_STYLE, MAP_STYLE_URL, PMTILES_URL). */
export function mapConfigFrom(context: LoadContext): MapConfig {
  const { styleUrl, pmtilesUrl, attribution } = basemapFor(context.app.config);
  return { styleUrl, pmtilesUrl, attribution };
}
