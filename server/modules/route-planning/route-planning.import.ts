import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { allPlaces } from "../places";
import { csvDocument, parseCsvRecords } from "../../shared/csv";
import { driverOptions, vehicleOptions } from "../vehicles";
import { occurrences } from "./job-rules";
import { routeJobsRepo, type NewJob } from "./route-jobs.repo";
import { routePlanningPolicy } from "./route-planning.policy";
import { routeImportsRepo } from "./route-planning.repo";
import { JOB_CSV_COLUMNS, JOB_IMPORT_MAX_BYTES, jobInputSchema } from "./route-planning.schema";

export const JOB_IMPORT_MAX_ROWS = 1000;
export { JOB_IMPORT_MAX_BYTES };
const KEEP_MINUTES = 120;

export { JOB_CSV_COLUMNS };
const REQUIRED_COLUMNS = ["name", "date", "arrival", "departure"];

export interface JobRowError {
  row: number;
  field: string;
  message: string;
}
export interface JobImportSummary {
  token: string;
  fileName: string;
  total: number;
  valid: number;
  invalid: number;
  jobs: number;
  errors: JobRowError[];
}

/** Where a form field's error shows in the file. */
const COLUMN_OF: Record<string, string> = {
  scheduled_date: "date",
  scheduled_arrival: "arrival",
  scheduled_departure: "departure",
  driver_id: "driver",
  vehicle_id: "vehicle",
  place_id: "place",
  days: "1",
};

/** Decodes strictly as UTF-8 (a Windows-1252 or UTF-16 file is refused, not garbled). */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new AppError("IMPORT_ENCODING", "The file is not UTF-8 text", { field: "file" });
  }
}

interface Lookups {
  drivers: Map<string, string>;
  vehicles: Map<string, string>;
  places: Map<string, { id: string; latitude: number; longitude: number }>;
}

async function lookups(ctx: AppContext, p: Principal): Promise<Lookups> {
  const [drivers, vehicles, places] = await Promise.all([
    driverOptions(ctx, p),
    vehicleOptions(ctx, p),
    p.permissions.has("places:read") ? allPlaces(ctx, p) : Promise.resolve([]),
  ]);
  const key = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");
  return {
    drivers: new Map(drivers.map((d) => [key(d.name), d.id])),
    vehicles: new Map(vehicles.map((v) => [key(v.registration), v.id])),
    places: new Map(places.map((pl) => [key(pl.name), { id: pl.id, latitude: pl.latitude, longitude: pl.longitude }])),
  };
}

/** Parses, checks every row with the job form's rules, and expands each row's recurrence; nothing is saved. */
export async function checkJobsCsv(ctx: AppContext, p: Principal, text: string) {
  const records = parseCsvRecords(text);
  if (!records.length) throw new AppError("IMPORT_FORMAT", "The file has no rows", { field: "file" });
  const header = records[0].cells.map((c) => c.trim().toLowerCase());
  const unknown = header.filter((h) => !(JOB_CSV_COLUMNS as readonly string[]).includes(h));
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (unknown.length || missing.length || new Set(header).size !== header.length) {
    throw new AppError(
      "IMPORT_COLUMNS",
      `Unknown columns: ${unknown.join(", ") || "none"}; missing: ${missing.join(", ") || "none"}`,
      { field: "file", unknown, missing },
    );
  }
  const rows = records.slice(1);
  if (rows.length > JOB_IMPORT_MAX_ROWS)
    throw new AppError("IMPORT_TOO_MANY_ROWS", `The file has ${rows.length} jobs; at most ${JOB_IMPORT_MAX_ROWS}`, {
      field: "file",
      rows: rows.length,
    });
  const refs = await lookups(ctx, p);
  const jobs: NewJob[] = [];
  const errors: JobRowError[] = [];
  let invalid = 0;
  for (const rec of rows) {
    const cell = (name: string) => {
      const i = header.indexOf(name);
      return i < 0 ? "" : (rec.cells[i] ?? "").trim();
    };
    const rowErrors: JobRowError[] = [];
    const ref = (col: string, map: Map<string, unknown>, message: string) => {
      const v = cell(col).toLowerCase().replace(/\s+/g, " ");
      if (!v) return null;
      if (!map.has(v)) rowErrors.push({ row: rec.line, field: col, message });
      return map.get(v) ?? null;
    };
    const place = ref("place", refs.places, "errors.unknownPlace") as {
      id: string;
      latitude: number;
      longitude: number;
    } | null;
    const driverId = ref("driver", refs.drivers, "errors.unknownDriver") as string | null;
    const vehicleId = ref("vehicle", refs.vehicles, "errors.unknownVehicle") as string | null;
    const days = ["1", "2", "3", "4", "5", "6", "7"].filter((d) => /^(1|x|yes|po)$/i.test(cell(d)));
    const parsed = jobInputSchema.safeParse({
      name: cell("name"),
      address: cell("address"),
      latitude: cell("latitude"),
      longitude: cell("longitude"),
      place_id: place?.id ?? "",
      contact_name: cell("contact_name"),
      contact_phone: cell("contact_phone"),
      notes: cell("notes"),
      scheduled_date: cell("date"),
      scheduled_arrival: cell("arrival"),
      scheduled_departure: cell("departure"),
      driver_id: driverId ?? "",
      vehicle_id: vehicleId ?? "",
      days,
      repeat_until: cell("repeat_until"),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const f = String(issue.path[0] ?? "");
        if (f === "place_id" && rowErrors.some((e) => e.field === "place")) continue;
        rowErrors.push({ row: rec.line, field: COLUMN_OF[f] ?? f, message: issue.message });
      }
    }
    const v = parsed.success ? parsed.data : null;
    const dates = v ? occurrences(v.scheduled_date, v.days, v.repeat_until, []) : null;
    if (v && !dates) rowErrors.push({ row: rec.line, field: "repeat_until", message: "errors.range" });
    if (rowErrors.length || !v || !dates) {
      invalid++;
      errors.push(...rowErrors);
      continue;
    }
    const lat = v.latitude ?? place!.latitude;
    const lon = v.longitude ?? place!.longitude;
    const seriesId = dates.length > 1 ? crypto.randomUUID() : null;
    for (const d of dates) {
      jobs.push({
        name: v.name,
        place_id: v.place_id ?? null,
        address: v.address ?? null,
        latitude: lat,
        longitude: lon,
        contact_name: v.contact_name ?? null,
        contact_phone: v.contact_phone ?? null,
        notes: v.notes ?? null,
        scheduled_date: d,
        scheduled_arrival: v.scheduled_arrival,
        scheduled_departure: v.scheduled_departure,
        driver_id: v.driver_id ?? null,
        vehicle_id: v.vehicle_id ?? null,
        recurrence_days: v.days,
        series_id: seriesId,
      });
    }
  }
  return { total: rows.length, invalid, jobs, errors };
}

/** Step 1: checks the uploaded file and keeps the result under a token for the preview. */
export async function uploadJobs(
  ctx: AppContext,
  p: Principal,
  file: { name: string; size: number; arrayBuffer(): Promise<ArrayBuffer> },
): Promise<JobImportSummary> {
  routePlanningPolicy.write(p);
  if (!file.size) throw new AppError("IMPORT_FORMAT", "Choose a file", { field: "file" });
  if (file.size > JOB_IMPORT_MAX_BYTES)
    throw new AppError("IMPORT_TOO_LARGE", "The file is larger than 2 MB", { field: "file" });
  const text = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
  const checked = await checkJobsCsv(ctx, p, text);
  await routeImportsRepo.purgeOlderThan(ctx.db, KEEP_MINUTES);
  const saved = await routeImportsRepo.insert(ctx.db, p.orgId, {
    user_id: p.userId,
    file_name: file.name.slice(0, 200),
    total_rows: checked.total,
    valid_rows: checked.jobs,
    errors: checked.errors,
  });
  return {
    token: saved.id,
    fileName: file.name,
    total: checked.total,
    valid: checked.total - checked.invalid,
    invalid: checked.invalid,
    jobs: checked.jobs.length,
    errors: checked.errors,
  };
}

async function findImport(ctx: AppContext, p: Principal, token: string) {
  if (!/^[0-9a-f-]{36}$/i.test(token)) throw notFound("import");
  const imp = await routeImportsRepo.find(ctx.db, p.orgId, p.userId, token);
  if (!imp) throw notFound("import");
  return imp;
}

export async function getJobImport(ctx: AppContext, p: Principal, token: string): Promise<JobImportSummary> {
  routePlanningPolicy.write(p);
  const imp = await findImport(ctx, p, token);
  const errors = imp.errors as JobRowError[];
  const invalid = new Set(errors.map((e) => e.row)).size;
  return {
    token: imp.id,
    fileName: imp.file_name,
    total: imp.total_rows,
    valid: imp.total_rows - invalid,
    invalid,
    jobs: (imp.valid_rows as unknown[]).length,
    errors,
  };
}

/** Step 2: saves all the jobs in one transaction, or refuses when a row has errors (unless "valid rows only"). */
export async function commitJobImport(ctx: AppContext, p: Principal, token: string, opts: { validOnly: boolean }) {
  routePlanningPolicy.write(p);
  const imp = await findImport(ctx, p, token);
  if ((imp.errors as unknown[]).length && !opts.validOnly)
    throw new AppError("IMPORT_HAS_ERRORS", "The file has rows with errors");
  const rows = imp.valid_rows as NewJob[];
  return ctx.db.transaction().execute(async (trx) => {
    await routeJobsRepo.insertMany(trx, p.orgId, rows);
    await routeImportsRepo.delete(trx, p.orgId, imp.id);
    await audit.record(trx, p, {
      entity: "route_job",
      id: imp.id,
      action: "import",
      after: { file_name: imp.file_name, jobs: rows.length },
    });
    return rows.length;
  });
}

/** The sample file: the header and three example rows, the texts in the user's language. */
export function sampleJobsCsv(language: "al" | "en", today: string): string {
  const t =
    language === "al"
      ? [
          "Servis kaldaje",
          "Rruga e Durrësit 12, Tiranë",
          "Ana Hoxha",
          "Bini zilen dy herë",
          "Dorëzim",
          "Blv. Zogu I, Tiranë",
          "Vizitë shitjeje",
        ]
      : [
          "Boiler service",
          "Rruga e Durrësit 12, Tirana",
          "Ana Hoxha",
          "Ring twice",
          "Delivery",
          "Zogu I Blvd, Tirana",
          "Sales visit",
        ];
  const rows = [
    [
      t[0],
      t[1],
      "41.3317",
      "19.8172",
      "",
      t[2],
      "+355 69 123 4567",
      t[3],
      today,
      "09:00",
      "09:45",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
    ],
    [t[4], t[5], "41.3290", "19.8200", "", "", "", "", today, "10:30", "11:00", "", "", "", "", "", "", "", "", "", ""],
    [
      t[6],
      "",
      "41.3400",
      "19.8000",
      "",
      "",
      "",
      "",
      today,
      "14:00",
      "15:00",
      "",
      "",
      "",
      "1",
      "",
      "1",
      "",
      "1",
      "",
      "",
    ],
  ];
  rows[2][13] = addWeeks(today, 4);
  return csvDocument([JOB_CSV_COLUMNS, ...rows]);
}

function addWeeks(date: string, weeks: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + weeks * 7);
  return d.toISOString().slice(0, 10);
}
