import { isAlarmType, type AttributeValue, type DevicePosition } from "../shared/device-contract";

const KNOTS_TO_KMH = 1.852;
const MPS_TO_KMH = 3.6;

export interface OsmAndRequest {
  method: string;
  /** Path and query string, e.g. "/?id=123&lat=..." */
  url: string;
  contentType?: string;
  body?: string;
}

export type OsmAndDecodeResult =
  | { ok: true; deviceId: string; positions: DevicePosition[] }
  | { ok: false; message: string };

class OsmAndError extends Error {}

/** Decodes a Traccar Client / OsmAnd request (GET query, POST form or JSON) into positions. */
export function decodeOsmAnd(request: OsmAndRequest, now: Date = new Date()): OsmAndDecodeResult {
  try {
    const body = request.body?.trim() ?? "";
    const isJson = (request.contentType ?? "").includes("json") || body.startsWith("{");
    if (request.method === "POST" && isJson && body) return decodeJson(body);
    const params = new URLSearchParams(new URL(request.url, "http://device.invalid").search);
    if (request.method === "POST" && body) {
      for (const [key, value] of new URLSearchParams(body)) params.append(key, value);
    }
    return decodeParams(params, now);
  } catch (error) {
    if (error instanceof OsmAndError) return { ok: false, message: error.message };
    throw error;
  }
}

function parseNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new OsmAndError(`${name} is not a number: ${JSON.stringify(value)}`);
  return n;
}

function parseBoolean(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  return undefined;
}

/** Unix seconds, unix milliseconds, ISO-8601 or "yyyy-MM-dd HH:mm:ss" (UTC). */
export function parseOsmAndTimestamp(value: string): Date {
  const text = value.trim();
  let time: number;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    time = n > 1e11 ? n : n * 1000;
  } else {
    let iso = text.replace(" ", "T");
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(iso)) iso += "Z";
    time = Date.parse(iso);
  }
  if (!Number.isFinite(time)) throw new OsmAndError(`unparseable timestamp ${JSON.stringify(value)}`);
  return new Date(time);
}

const HANDLED_PARAMS = new Set([
  "id",
  "deviceid",
  "lat",
  "lon",
  "location",
  "timestamp",
  "speed",
  "bearing",
  "heading",
  "altitude",
  "valid",
  "ignition",
  "motion",
  "odometer",
  "power",
  "batt",
  "alarm",
]);

function decodeParams(params: URLSearchParams, now: Date): OsmAndDecodeResult {
  const deviceId = (params.get("id") ?? params.get("deviceid") ?? "").trim();
  if (!deviceId) throw new OsmAndError("missing device identifier (id or deviceid)");

  let latitude = parseNumber("lat", params.get("lat") ?? undefined);
  let longitude = parseNumber("lon", params.get("lon") ?? undefined);
  const location = params.get("location");
  if (location !== null && (latitude === undefined || longitude === undefined)) {
    const [lat, lon] = location.split(",");
    latitude = parseNumber("location latitude", lat);
    longitude = parseNumber("location longitude", lon);
  }
  if (latitude === undefined || longitude === undefined) {
    throw new OsmAndError("missing lat/lon (cell- or wifi-only requests are not supported)");
  }
  const timestamp = params.get("timestamp");
  const speedKnots = parseNumber("speed", params.get("speed") ?? undefined);
  const course = parseNumber("bearing", params.get("bearing") ?? params.get("heading") ?? undefined);
  const valid = params.has("valid") ? parseBoolean(params.get("valid")!) : true;

  const position: DevicePosition = {
    deviceId,
    protocol: "osmand",
    fixTime: timestamp ? parseOsmAndTimestamp(timestamp) : now,
    latitude,
    longitude,
    altitude: parseNumber("altitude", params.get("altitude") ?? undefined) ?? 0,
    speed: speedKnots !== undefined && speedKnots > 0 ? speedKnots * KNOTS_TO_KMH : 0,
    course: course !== undefined && course >= 0 ? course : 0,
    satellites: 0,
    valid: valid ?? true,
    attributes: {},
  };
  const ignition = params.get("ignition");
  if (ignition !== null) position.ignition = parseBoolean(ignition);
  const motion = params.get("motion");
  if (motion !== null) position.motion = parseBoolean(motion);
  position.odometer = parseNumber("odometer", params.get("odometer") ?? undefined);
  position.power = parseNumber("power", params.get("power") ?? undefined);
  const batt = parseNumber("batt", params.get("batt") ?? undefined);
  if (batt !== undefined) position.attributes.batteryLevel = batt;
  const alarm = params.get("alarm");
  if (alarm && isAlarmType(alarm)) position.alarm = alarm;
  else if (alarm) position.attributes.alarm = alarm;

  for (const key of new Set(params.keys())) {
    if (HANDLED_PARAMS.has(key)) continue;
    const values = params.getAll(key);
    position.attributes[key] = values.length > 1 ? values.join(";") : attributeFromString(values[0]);
  }
  if (timestamp === null) position.attributes.serverTime = true;
  stripUndefined(position);
  return { ok: true, deviceId, positions: [position] };
}

function attributeFromString(value: string): AttributeValue {
  const bool = value === "true" ? true : value === "false" ? false : undefined;
  if (bool !== undefined) return bool;
  const n = Number(value);
  return value.trim() !== "" && Number.isFinite(n) ? n : value;
}

function stripUndefined(position: DevicePosition): void {
  for (const key of ["ignition", "motion", "odometer", "power", "alarm"] as const) {
    if (position[key] === undefined) delete position[key];
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function decodeJson(body: string): OsmAndDecodeResult {
  let root: unknown;
  try {
    root = JSON.parse(body);
  } catch {
    throw new OsmAndError("body is not valid JSON");
  }
  if (!isObject(root)) throw new OsmAndError("JSON body must be an object");
  const rawId = root.device_id ?? root.deviceId ?? root.id;
  const deviceId = typeof rawId === "string" || typeof rawId === "number" ? String(rawId).trim() : "";
  if (!deviceId) throw new OsmAndError("missing device_id");
  const locations = Array.isArray(root.location) ? root.location : [root.location];
  if (locations.length === 0) throw new OsmAndError("empty location list");
  return { ok: true, deviceId, positions: locations.map((l) => decodeJsonLocation(deviceId, l)) };
}

function jsonNumber(obj: Json, key: string, required = false): number | undefined {
  const value = obj[key];
  if (value === undefined || value === null) {
    if (required) throw new OsmAndError(`missing location.coords.${key}`);
    return undefined;
  }
  if (typeof value !== "number" || !Number.isFinite(value)) throw new OsmAndError(`${key} is not a number`);
  return value;
}

function decodeJsonLocation(deviceId: string, location: unknown): DevicePosition {
  if (!isObject(location)) throw new OsmAndError("missing location object");
  const coords = location.coords;
  if (!isObject(coords)) throw new OsmAndError("missing location.coords");
  if (typeof location.timestamp !== "string" && typeof location.timestamp !== "number") {
    throw new OsmAndError("missing location.timestamp");
  }
  const speedMps = jsonNumber(coords, "speed");
  const heading = jsonNumber(coords, "heading");
  const position: DevicePosition = {
    deviceId,
    protocol: "osmand",
    fixTime: parseOsmAndTimestamp(String(location.timestamp)),
    latitude: jsonNumber(coords, "latitude", true)!,
    longitude: jsonNumber(coords, "longitude", true)!,
    altitude: jsonNumber(coords, "altitude") ?? 0,
    // Negative speed / heading mean "unknown" in the background-geolocation plugin.
    speed: speedMps !== undefined && speedMps > 0 ? speedMps * MPS_TO_KMH : 0,
    course: heading !== undefined && heading >= 0 ? heading : 0,
    satellites: 0,
    valid: true,
    attributes: {},
  };
  const attrs = position.attributes;
  const accuracy = jsonNumber(coords, "accuracy");
  if (accuracy !== undefined) attrs.accuracy = accuracy;
  if (typeof location.is_moving === "boolean") position.motion = location.is_moving;
  if (typeof location.odometer === "number") position.odometer = location.odometer;
  if (typeof location.event === "string") attrs.event = location.event;
  if (location.mock === true) attrs.mock = true;
  const battery = location.battery;
  if (isObject(battery)) {
    if (typeof battery.level === "number" && battery.level >= 0) attrs.batteryLevel = Math.round(battery.level * 100);
    if (typeof battery.is_charging === "boolean") attrs.charge = battery.is_charging;
  }
  const activity = location.activity;
  if (isObject(activity) && typeof activity.type === "string") attrs.activity = activity.type;
  if (isObject(location.extras)) {
    for (const [key, value] of Object.entries(location.extras)) {
      if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") attrs[key] = value;
    }
  }
  return position;
}
