export interface OsmAndSimPosition {
  deviceId: string;
  fixTime: Date;
  latitude: number;
  longitude: number;
  altitude?: number;
  /** km/h (converted to knots for query/form, m/s for JSON as the real clients do) */
  speed?: number;
  course?: number;
  accuracy?: number;
  batteryLevel?: number;
  ignition?: boolean;
}

export type OsmAndFormat = "query" | "form" | "json";

function queryParams(p: OsmAndSimPosition): URLSearchParams {
  const params = new URLSearchParams({
    id: p.deviceId,
    lat: String(p.latitude),
    lon: String(p.longitude),
    timestamp: String(Math.floor(p.fixTime.getTime() / 1000)),
  });
  if (p.speed !== undefined) params.set("speed", String(p.speed / 1.852));
  if (p.course !== undefined) params.set("bearing", String(p.course));
  if (p.altitude !== undefined) params.set("altitude", String(p.altitude));
  if (p.accuracy !== undefined) params.set("accuracy", String(p.accuracy));
  if (p.batteryLevel !== undefined) params.set("batt", String(p.batteryLevel));
  if (p.ignition !== undefined) params.set("ignition", String(p.ignition));
  return params;
}

function jsonBody(p: OsmAndSimPosition): string {
  return JSON.stringify({
    device_id: p.deviceId,
    location: {
      timestamp: p.fixTime.toISOString(),
      coords: {
        latitude: p.latitude,
        longitude: p.longitude,
        speed: p.speed !== undefined ? p.speed / 3.6 : -1,
        heading: p.course ?? -1,
        altitude: p.altitude ?? 0,
        accuracy: p.accuracy ?? 5,
      },
      is_moving: (p.speed ?? 0) > 0,
      odometer: 0,
      battery: { level: p.batteryLevel !== undefined ? p.batteryLevel / 100 : -1, is_charging: false },
      activity: { type: (p.speed ?? 0) > 0 ? "in_vehicle" : "still" },
    },
  });
}

/** Sends one position the way Traccar Client / OsmAnd does; resolves with the HTTP status and body. */
export async function sendOsmAnd(
  url: string,
  position: OsmAndSimPosition,
  format: OsmAndFormat = "query",
): Promise<{ status: number; body: string }> {
  let response: Response;
  if (format === "query") {
    const target = new URL(url);
    target.search = queryParams(position).toString();
    response = await fetch(target);
  } else if (format === "form") {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: queryParams(position).toString(),
    });
  } else {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: jsonBody(position),
    });
  }
  return { status: response.status, body: await response.text() };
}
