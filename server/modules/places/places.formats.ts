/**
 * File formats for place import and export: CSV, GeoJSON and (import only) KML.
 * Parsers turn a file into raw rows numbered as the user sees them; validation happens in places.import.ts.
 */
import { csvCell, parseCsvRecords } from "../../shared/csv";
import type { Selectable } from "kysely";
import type { PlacesTable } from "../../db/schema/places";
import type { LonLat } from "../../shared/geometry";

import { CSV_COLUMNS } from "./places.schema";

export { CSV_COLUMNS };
export type ImportFormat = "csv" | "geojson" | "kml";

export interface RawRow {
  row: number;
  values: Record<string, unknown>;
}

export class FileFormatError extends Error {}

export function detectFormat(fileName: string, text: string): ImportFormat {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === "csv") return "csv";
  if (ext === "geojson" || ext === "json") return "geojson";
  if (ext === "kml") return "kml";
  const start = text.trimStart()[0];
  return start === "{" ? "geojson" : start === "<" ? "kml" : "csv";
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe on export (csvCell); the importer removes it. */
const FORMULA = /^[=+\-@\t\r]/;
const unprotect = (s: string) => (s.startsWith("'") && FORMULA.test(s.slice(1)) ? s.slice(1) : s);

export function parseCsv(text: string): RawRow[] {
  const records = parseCsvRecords(text);
  if (!records.length) return [];
  const header = records[0].cells.map((h) => h.trim().toLowerCase());
  if (!header.includes("type") || !header.includes("name"))
    throw new FileFormatError("The CSV header must contain the columns type and name");
  return records.slice(1).map(({ line, cells }) => {
    const values: Record<string, unknown> = {};
    header.forEach((h, i) => {
      if (h) values[h] = unprotect((cells[i] ?? "").trim());
    });
    return { row: line, values };
  });
}

/** A place as the export files carry it: its own columns, without ids, organisation, bounding box or times. */
export type ExportPlace = Pick<
  Selectable<PlacesTable>,
  | "kind"
  | "shape"
  | "name"
  | "category"
  | "city"
  | "latitude"
  | "longitude"
  | "icon"
  | "icon_color"
  | "radius_m"
  | "polygon"
>;

export function toCsv(places: ExportPlace[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const p of places) {
    const isPolygon = p.shape === "polygon";
    lines.push(
      [
        p.kind,
        p.name,
        p.category,
        p.city,
        isPolygon ? "" : p.latitude,
        isPolygon ? "" : p.longitude,
        p.icon,
        p.icon_color,
        p.radius_m ?? "",
        isPolygon ? JSON.stringify(p.polygon) : "",
      ]
        .map(csvCell)
        .join(","),
    );
  }
  // The BOM makes spreadsheet programs read the file as UTF-8 (Albanian ë and ç).
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

const closeRing = (ring: LonLat[]) => (ring.length ? [...ring, ring[0]] : ring);

export function toGeoJson(places: ExportPlace[]) {
  return {
    type: "FeatureCollection" as const,
    features: places.map((p) => {
      const properties: Record<string, unknown> = {
        type: p.kind,
        name: p.name,
        category: p.category,
        city: p.city,
        icon: p.icon,
        icon_color: p.icon_color,
      };
      if (p.shape === "polygon") {
        return {
          type: "Feature" as const,
          geometry: { type: "Polygon" as const, coordinates: [closeRing(p.polygon ?? [])] },
          properties,
        };
      }
      if (p.shape === "circle") properties.radius_m = p.radius_m;
      return {
        type: "Feature" as const,
        geometry: { type: "Point" as const, coordinates: [p.longitude, p.latitude] },
        properties,
      };
    }),
  };
}

interface GeoFeature {
  type?: string;
  geometry?: { type?: string; coordinates?: unknown } | null;
  properties?: Record<string, unknown> | null;
}

/** Point → POI (or a circle geofence with radius_m / type "geofence"); Polygon → polygon geofence (outer ring). */
export function parseGeoJson(text: string): RawRow[] {
  let doc: { type?: string; features?: GeoFeature[] } & GeoFeature;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new FileFormatError("The file is not valid JSON");
  }
  const features: GeoFeature[] =
    doc?.type === "FeatureCollection" && Array.isArray(doc.features)
      ? doc.features
      : doc?.type === "Feature"
        ? [doc]
        : [];
  if (!features.length && doc?.type !== "FeatureCollection")
    throw new FileFormatError("Expected a GeoJSON FeatureCollection or Feature");
  return features.map((f, i) => {
    const props = f?.properties ?? {};
    const values: Record<string, unknown> = {
      name: props.name,
      category: props.category,
      city: props.city,
      icon: props.icon,
      icon_color: props.icon_color ?? props.color,
    };
    const g = f?.geometry;
    if (g?.type === "Point" && Array.isArray(g.coordinates)) {
      const [lon, lat] = g.coordinates as unknown[];
      const radius = props.radius_m ?? props.radius;
      values.type =
        props.type === "geofence" || (radius !== undefined && radius !== null && radius !== "") ? "geofence" : "poi";
      Object.assign(values, { latitude: lat, longitude: lon, radius_m: radius });
    } else if (g?.type === "Polygon" && Array.isArray(g.coordinates)) {
      Object.assign(values, { type: "geofence", polygon: g.coordinates[0] });
    } else {
      Object.assign(values, { type: "unsupported", geometry: g?.type ?? null });
    }
    return { row: i + 1, values };
  });
}

const decodeXml = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, "&")
    .trim();

/** Inner text of the first <name> element (any namespace prefix); one match only, so hostile files stay linear. */
function tag(xml: string, name: string): string | null {
  const open = new RegExp(`<(?:\\w+:)?${name}\\b[^>]{0,500}>`, "i").exec(xml);
  if (!open) return null;
  const start = open.index + open[0].length;
  const close = new RegExp(`</(?:\\w+:)?${name}>`, "i").exec(xml.slice(start));
  return close ? xml.slice(start, start + close.index) : null;
}

function extendedData(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of xml.matchAll(
    /<Data\s+name="([^"]+)"[^>]*>\s*(?:<displayName>[^<]*<\/displayName>\s*)?<value>([^<]*)<\/value>/gi,
  ))
    out[m[1].toLowerCase()] = decodeXml(m[2]);
  for (const m of xml.matchAll(/<SimpleData\s+name="([^"]+)"[^>]*>([^<]*)<\/SimpleData>/gi))
    out[m[1].toLowerCase()] = decodeXml(m[2]);
  return out;
}

const kmlTuples = (text: string) =>
  text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => t.split(",").map(Number));

/** KML Placemarks with a Point or a Polygon (outer boundary); fields from <name> and ExtendedData. */
export function parseKml(text: string): RawRow[] {
  if (!/<kml\b/i.test(text) && !/<Placemark\b/i.test(text)) throw new FileFormatError("The file is not KML");
  const rows: RawRow[] = [];
  let i = 0;
  // Split on the closing tags (linear), then take what follows the last opening tag in each piece.
  const pieces = text.split(/<\/(?:\w+:)?Placemark>/i).slice(0, -1);
  for (const piece of pieces) {
    let open = -1;
    for (const m of piece.matchAll(/<(?:\w+:)?Placemark\b[^>]{0,500}>/gi)) open = m.index + m[0].length;
    if (open < 0) continue;
    i++;
    const body = piece.slice(open);
    const data = extendedData(body);
    const values: Record<string, unknown> = {
      name: decodeXml(tag(body, "name") ?? ""),
      category: data.category ?? "KML",
      city: data.city,
      icon: data.icon,
      icon_color: data.icon_color,
    };
    const polygon = tag(body, "Polygon");
    const point = tag(body, "Point");
    if (polygon) {
      const outer = tag(polygon, "outerBoundaryIs") ?? polygon;
      const coords = kmlTuples(decodeXml(tag(outer, "coordinates") ?? ""));
      Object.assign(values, { type: "geofence", polygon: coords.map((c) => [c[0], c[1]]) });
    } else if (point) {
      const [lon, lat] = kmlTuples(decodeXml(tag(point, "coordinates") ?? ""))[0] ?? [];
      const radius = data.radius_m;
      Object.assign(values, { type: radius ? "geofence" : "poi", latitude: lat, longitude: lon, radius_m: radius });
    } else {
      Object.assign(values, { type: "unsupported", geometry: null });
    }
    rows.push({ row: i, values });
  }
  return rows;
}
