import { useTranslation } from "react-i18next";

export interface MapStop {
  id: string;
  label: string;
  latitude: number;
  longitude: number;
  done: boolean;
}

const W = 320;
const H = 200;
const PAD = 18;

/**
 * Today's stops drawn on the server as an SVG, in route order (docs/driver-app.md, "Map"): it needs no tiles, so it
 * renders without JavaScript and stays readable offline from the page the service worker kept. Each stop links to
 * its card; turn-by-turn navigation is the phone's own maps app.
 */
export function StopsMap({ stops }: { stops: MapStop[] }) {
  const { t } = useTranslation("driver");
  if (!stops.length) return <p className="muted">{t("map.empty")}</p>;
  const lats = stops.map((s) => s.latitude);
  const lons = stops.map((s) => s.longitude);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  // equirectangular with the longitude scaled by the latitude, so distances look right at the fleet's latitude
  const k = Math.cos(((minLat + maxLat) / 2) * (Math.PI / 180));
  const spanX = Math.max((maxLon - minLon) * k, 1e-4);
  const spanY = Math.max(maxLat - minLat, 1e-4);
  const scale = Math.min((W - 2 * PAD) / spanX, (H - 2 * PAD) / spanY);
  const offX = (W - spanX * scale) / 2;
  const offY = (H - spanY * scale) / 2;
  const xy = (s: MapStop) => [offX + (s.longitude - minLon) * k * scale, H - offY - (s.latitude - minLat) * scale];
  const points = stops.map(xy);
  return (
    <svg
      className="driver-map"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t("map.title")}
      data-testid="driver-map"
    >
      <rect x="0" y="0" width={W} height={H} rx="8" className="driver-map-bg" />
      <polyline
        points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")}
        className="driver-map-line"
      />
      {stops.map((s, i) => (
        <a key={s.id} href={`#stop-${s.id}`}>
          <circle
            cx={points[i][0]}
            cy={points[i][1]}
            r="11"
            className={s.done ? "driver-map-done" : "driver-map-stop"}
          />
          <text x={points[i][0]} y={points[i][1] + 4} textAnchor="middle" className="driver-map-label">
            {s.label}
          </text>
        </a>
      ))}
    </svg>
  );
}
