import { useLayoutEffect } from "react";
import { useMap } from "../MapView";
import type { LngLatBox } from "../vehicle-source-sync";

/** Fits the map's view to `bounds` once the map is ready and whenever the box changes (not its array). */
export function FitBounds({
  bounds,
  padding = 40,
  maxZoom = 14,
}: {
  bounds: LngLatBox | null;
  padding?: number;
  maxZoom?: number;
}) {
  const map = useMap()?.map;
  const [w, s, e, n] = bounds ? [bounds[0][0], bounds[0][1], bounds[1][0], bounds[1][1]] : [];
  useLayoutEffect(() => {
    if (!map || w === undefined || s === undefined || e === undefined || n === undefined) return;
    map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding, maxZoom, duration: 0 },
    );
  }, [map, w, s, e, n, padding, maxZoom]);
  return null;
}
