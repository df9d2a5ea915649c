import { boundsOf } from "./bounds";
import type { LngLatBox } from "./vehicle-source-sync";
import type { ReplayPoint, ReplayStop } from "../../../server/shared/replay-point";

export function trackGeoJson(points: ReplayPoint[]): GeoJSON.FeatureCollection<GeoJSON.LineString> {
  if (points.length < 2) return { type: "FeatureCollection", features: [] };
  return {
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        properties: {},
        geometry: { type: "LineString", coordinates: points.map((p) => [p.lon, p.lat]) },
      },
    ],
  };
}

export function stopsGeoJson(stops: ReplayStop[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: "FeatureCollection",
    features: stops.map((s, i) => ({
      type: "Feature",
      id: i,
      properties: { from: s.from, durationS: s.durationS },
      geometry: { type: "Point", coordinates: [s.lon, s.lat] },
    })),
  };
}

/** An alert of the replayed vehicle in the period, shown on the map and listed under it. */
export interface ReplayAlert {
  id: string;
  type: string;
  at: string;
  lat: number | null;
  lon: number | null;
  policyName: string;
  placeName: string | null;
  details: Record<string, unknown>;
}

/** Alerts with a position, as map points (type for the label, id for tests). */
export function alertsGeoJson(
  alerts: Array<{ id: string; type: string; lat: number | null; lon: number | null }>,
): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: "FeatureCollection",
    features: alerts
      .filter((a) => a.lat !== null && a.lon !== null)
      .map((a) => ({
        type: "Feature",
        properties: { id: a.id, type: a.type },
        geometry: { type: "Point", coordinates: [a.lon as number, a.lat as number] },
      })),
  };
}

export function trackBounds(points: Pick<ReplayPoint, "lat" | "lon">[]): LngLatBox | null {
  return boundsOf(points.map((p) => [p.lon, p.lat]));
}

/** Minutes as "1 h 05 min" / "12 min" for stop durations. */
export function formatDuration(seconds: number): string {
  const m = Math.round(seconds / 60);
  return m >= 60 ? `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min` : `${m} min`;
}
