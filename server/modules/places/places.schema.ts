import { z } from "zod";
import { optionalText, requiredText } from "../shared/form-values";
import { distinctVertexCount, openRing, ringArea, selfIntersects, type LonLat } from "../../shared/geometry";

/** The columns of a places CSV file, in order (import and export). */
export const CSV_COLUMNS = [
  "type",
  "name",
  "category",
  "city",
  "latitude",
  "longitude",
  "icon",
  "icon_color",
  "radius_m",
  "polygon",
] as const;

export const PLACE_ICONS = [
  "pin",
  "home",
  "office",
  "warehouse",
  "fuel",
  "parking",
  "shop",
  "factory",
  "flag",
  "star",
] as const;
export type PlaceIcon = (typeof PLACE_ICONS)[number];
export const DEFAULT_ICON: PlaceIcon = "pin";
export const DEFAULT_COLOR = "#2563eb";
export const RADIUS_MIN_M = 10;
export const RADIUS_MAX_M = 100_000;
export const MAX_POLYGON_VERTICES = 1000;

const toNumber = (v: unknown) =>
  v === "" || v === null || v === undefined
    ? undefined
    : typeof v === "string"
      ? v.trim() === ""
        ? undefined
        : Number(v.trim().replace(",", "."))
      : v;

/** A required number in a range: "errors.required" when missing, "errors.number" when not a number. */
const requiredNumber = (min: number, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (iss) => (iss.input === undefined ? "errors.required" : "errors.number") })
      .min(min, "errors.range")
      .max(max, "errors.range"),
  );

export const latitudeSchema = requiredNumber(-90, 90);
export const longitudeSchema = requiredNumber(-180, 180);

const commonFields = {
  name: requiredText(120),
  category: requiredText(60),
  city: optionalText(80),
  icon: z.preprocess(
    (v) => (v === "" || v == null ? DEFAULT_ICON : v),
    z.enum(PLACE_ICONS, { error: "errors.invalid" }),
  ),
  icon_color: z.preprocess(
    (v) => (v === "" || v == null ? DEFAULT_COLOR : typeof v === "string" ? v.trim().toLowerCase() : v),
    z.string().regex(/^#[0-9a-f]{6}$/, "errors.color"),
  ),
};

export const poiInputSchema = z.object({ ...commonFields, latitude: latitudeSchema, longitude: longitudeSchema });
export type PoiInput = z.infer<typeof poiInputSchema>;

/**
 * Polygon text as typed in the form: one "latitude, longitude" vertex per line (people read coordinates
 * in that order); returns [lon, lat] pairs, or the 1-based line that could not be read.
 */
export function parsePolygonText(text: string): { points: LonLat[] } | { badLine: number } {
  const points: LonLat[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const parts = line
      .split(/[,;\s]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n))) return { badLine: i + 1 };
    const [lat, lon] = parts;
    if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return { badLine: i + 1 };
    points.push([lon, lat]);
  }
  return { points };
}

export const polygonToText = (ring: LonLat[]) => ring.map(([lon, lat]) => `${lat}, ${lon}`).join("\n");

const vertexSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

function allCollinear(ring: LonLat[]): boolean {
  const [a, b] = ring;
  return ring.every((c) => Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) < 1e-15);
}

/** Checks a ring: at least 3 distinct vertices enclosing an area, edges not crossing. Returns an error key. */
export function polygonProblem(ring: LonLat[]): string | null {
  const open = openRing(ring);
  if (distinctVertexCount(open) < 3 || allCollinear(open)) return "errors.polygonVertices";
  if (open.length > MAX_POLYGON_VERTICES) return "errors.polygonTooLarge";
  if (selfIntersects(open) || ringArea(open) === 0) return "errors.polygonSelfIntersects";
  return null;
}

const geofenceFieldsSchema = z.object({
  ...commonFields,
  shape: z.enum(["circle", "polygon"], { error: "errors.required" }),
});

type Issue = { path: string; message: string };

/** Problems of the chosen shape's own fields, or its normalised geometry. */
function geometryOf(
  v: Record<string, unknown>,
): { issues: Issue[] } | { circle: { latitude: number; longitude: number; radius_m: number } } | { polygon: LonLat[] } {
  if (v.shape === "circle") {
    const lat = latitudeSchema.safeParse(v.latitude);
    const lon = longitudeSchema.safeParse(v.longitude);
    const radius = requiredNumber(RADIUS_MIN_M, RADIUS_MAX_M).safeParse(v.radius_m);
    if (lat.success && lon.success && radius.success)
      return { circle: { latitude: lat.data, longitude: lon.data, radius_m: radius.data } };
    const issues: Issue[] = [];
    for (const [path, r] of [
      ["latitude", lat],
      ["longitude", lon],
      ["radius_m", radius],
    ] as const) {
      if (!r.success) issues.push({ path, message: r.error.issues[0].message });
    }
    return { issues };
  }
  if (v.shape !== "polygon") return { issues: [] };
  const raw = v.polygon ?? "";
  let ring: LonLat[];
  if (typeof raw === "string") {
    if (!raw.trim()) return { issues: [{ path: "polygon", message: "errors.required" }] };
    const parsed = parsePolygonText(raw);
    if ("badLine" in parsed) return { issues: [{ path: "polygon", message: "errors.polygonFormat" }] };
    ring = parsed.points;
  } else if (Array.isArray(raw) && raw.every((p) => vertexSchema.safeParse(p).success)) ring = raw as LonLat[];
  else return { issues: [{ path: "polygon", message: "errors.polygonFormat" }] };
  const problem = polygonProblem(ring);
  return problem ? { issues: [{ path: "polygon", message: problem }] } : { polygon: openRing(ring) };
}

/**
 * A geofence: a circle (centre + radius) or a polygon. The polygon arrives as text lines "lat, lon" from
 * forms, or as [lon, lat] pairs (GeoJSON order) from the API and imports. Every problem is reported at once:
 * the common fields and the chosen shape's fields are checked independently.
 */
export const geofenceInputSchema = z.looseObject({}).transform((raw, ctx) => {
  const fields = geofenceFieldsSchema.safeParse(raw);
  if (!fields.success)
    for (const i of fields.error.issues)
      ctx.addIssue({ code: "custom", path: i.path as PropertyKey[], message: i.message });
  const geometry = geometryOf(raw);
  if ("issues" in geometry)
    for (const i of geometry.issues) ctx.addIssue({ code: "custom", path: [i.path], message: i.message });
  if (!fields.success || "issues" in geometry) return z.NEVER;
  const v = fields.data;
  const base = { name: v.name, category: v.category, city: v.city ?? null, icon: v.icon, icon_color: v.icon_color };
  if ("circle" in geometry) return { ...base, shape: "circle" as const, ...geometry.circle, polygon: null };
  return {
    ...base,
    shape: "polygon" as const,
    latitude: null,
    longitude: null,
    radius_m: null,
    polygon: geometry.polygon,
  };
});
export type GeofenceInput = z.output<typeof geofenceInputSchema>;

export const placeFilterSchema = z.object({ category: z.string().trim().max(60).optional().catch(undefined) });
