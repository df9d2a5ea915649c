import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import {
  detectFormat,
  FileFormatError,
  parseCsv,
  parseGeoJson,
  parseKml,
  toCsv,
  toGeoJson,
  type RawRow,
} from "./places.formats";
import { placesPolicy } from "./places.policy";
import { importsRepo, placesRepo, type PlaceRecord } from "./places.repo";
import { geofenceInputSchema, poiInputSchema } from "./places.schema";
import { geofenceRecord, poiRecord } from "./places.service";

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
const IMPORT_KEEP_MINUTES = 120;

export interface RowError {
  row: number;
  field: string;
  /** An error key such as "errors.range", translated by the page. */
  message: string;
}

export interface ImportSummary {
  token: string;
  fileName: string;
  format: string;
  total: number;
  valid: number;
  invalid: number;
  errors: RowError[];
}

type RowResult = { ok: true; record: PlaceRecord } | { ok: false; errors: RowError[] };

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v).trim());

/** Validates one raw row with the same schemas as the forms. */
export function validateRow(raw: RawRow): RowResult {
  const type = text(raw.values.type).toLowerCase();
  const fail = (field: string, message: string): RowResult => ({
    ok: false,
    errors: [{ row: raw.row, field, message }],
  });
  const issues = (list: ReadonlyArray<{ path: PropertyKey[]; message: string }>): RowResult => ({
    ok: false,
    errors: list.map((i) => ({ row: raw.row, field: String(i.path[0] ?? "type"), message: i.message })),
  });
  if (type === "poi") {
    const r = poiInputSchema.safeParse(raw.values);
    return r.success ? { ok: true, record: poiRecord(r.data) } : issues(r.error.issues);
  }
  if (type === "geofence") {
    let polygon = raw.values.polygon;
    if (typeof polygon === "string" && polygon.trim()) {
      try {
        polygon = JSON.parse(polygon);
      } catch {
        return fail("polygon", "errors.polygonFormat");
      }
    }
    const hasPolygon = Array.isArray(polygon) || (typeof polygon === "string" && polygon.trim() !== "");
    const r = geofenceInputSchema.safeParse({
      ...raw.values,
      shape: hasPolygon ? "polygon" : "circle",
      polygon: hasPolygon ? polygon : null,
    });
    return r.success ? { ok: true, record: geofenceRecord(r.data) } : issues(r.error.issues);
  }
  if (type === "unsupported") return fail("geometry", "errors.geometryUnsupported");
  return fail("type", type ? "errors.invalid" : "errors.required");
}

function parseFile(format: string, content: string): RawRow[] {
  try {
    if (format === "geojson") return parseGeoJson(content);
    if (format === "kml") return parseKml(content);
    return parseCsv(content);
  } catch (err) {
    if (err instanceof FileFormatError) throw new AppError("IMPORT_FORMAT", err.message, { field: "file" });
    throw err;
  }
}

/** Parses and validates an upload and keeps the result server-side; nothing is saved yet. */
export async function uploadPlaces(
  ctx: AppContext,
  p: Principal,
  file: { name: string; size: number; text(): Promise<string> },
): Promise<ImportSummary> {
  placesPolicy.write(p);
  if (!file.size) throw new AppError("IMPORT_FORMAT", "Choose a file", { field: "file" });
  if (file.size > IMPORT_MAX_BYTES)
    throw new AppError("IMPORT_TOO_LARGE", "The file is larger than 5 MB", { field: "file" });
  const content = (await file.text()).replace(/^\uFEFF/, "");
  const format = detectFormat(file.name, content);
  const rows = parseFile(format, content);
  if (!rows.length) throw new AppError("IMPORT_FORMAT", "The file has no rows", { field: "file" });
  if (rows.length > IMPORT_MAX_ROWS)
    throw new AppError("IMPORT_TOO_LARGE", "The file has more than 5,000 rows", { field: "file" });
  const valid: PlaceRecord[] = [];
  const errors: RowError[] = [];
  let invalid = 0;
  for (const raw of rows) {
    const r = validateRow(raw);
    if (r.ok) valid.push(r.record);
    else {
      invalid++;
      errors.push(...r.errors);
    }
  }
  await importsRepo.purgeOlderThan(ctx.db, IMPORT_KEEP_MINUTES);
  const saved = await importsRepo.insert(ctx.db, p.orgId, {
    user_id: p.userId,
    file_name: file.name.slice(0, 200),
    format,
    total_rows: rows.length,
    valid_rows: valid,
    errors,
  });
  return { token: saved.id, fileName: file.name, format, total: rows.length, valid: valid.length, invalid, errors };
}

async function findImport(ctx: AppContext, p: Principal, token: string) {
  if (!/^[0-9a-f-]{36}$/i.test(token)) throw notFound("import");
  const imp = await importsRepo.find(ctx.db, p.orgId, p.userId, token);
  if (!imp) throw notFound("import");
  return imp;
}

export async function getImportSummary(ctx: AppContext, p: Principal, token: string): Promise<ImportSummary> {
  placesPolicy.write(p);
  const imp = await findImport(ctx, p, token);
  const errors = imp.errors as RowError[];
  return {
    token: imp.id,
    fileName: imp.file_name,
    format: imp.format,
    total: imp.total_rows,
    valid: (imp.valid_rows as unknown[]).length,
    invalid: imp.total_rows - (imp.valid_rows as unknown[]).length,
    errors,
  };
}

/** Saves a checked upload: all of it, or only its valid rows when the user chose so. */
export async function commitImport(ctx: AppContext, p: Principal, token: string, opts: { validOnly: boolean }) {
  placesPolicy.write(p);
  const imp = await findImport(ctx, p, token);
  const errors = imp.errors as RowError[];
  if (errors.length && !opts.validOnly)
    throw new AppError("IMPORT_HAS_ERRORS", "The file has rows with errors", { rows: errors.length });
  const rows = imp.valid_rows as PlaceRecord[];
  return ctx.db.transaction().execute(async (trx) => {
    const saved = await placesRepo.insertMany(trx, p.orgId, rows);
    await importsRepo.delete(trx, p.orgId, imp.id);
    await audit.record(trx, p, {
      entity: "place",
      id: imp.id,
      action: "import",
      after: {
        file_name: imp.file_name,
        format: imp.format,
        places: saved,
        names: rows.slice(0, 50).map((r) => r.name),
      },
    });
    return saved;
  });
}

export async function exportPlaces(ctx: AppContext, p: Principal, format: "csv" | "geojson") {
  placesPolicy.read(p);
  const places = await placesRepo.listAll(ctx.db, p.orgId);
  return format === "csv" ? toCsv(places) : JSON.stringify(toGeoJson(places));
}
