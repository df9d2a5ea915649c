import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { parseCsvRecords } from "../../shared/csv";
import { isDate } from "../../shared/dates";
import { catalogueRepo } from "./catalogue.repo";
import { costsRepo } from "./costs.repo";
import { analyseFuel, type FuelResult } from "./fuel-consumption";
import { toFuelDto } from "./maintenance.mapper";
import { maintenancePolicy } from "./maintenance.policy";
import { remindersRepo } from "./maintenance.repo";
import { fuelInputSchema, type FuelInput } from "./maintenance.schema";
import { assertChosen, assertVisible, orgToday, visibleVehicles } from "./maintenance.vehicles";
import { attach, checkAttachments, odometerDisagrees, type Attachment } from "./records.service";
import { recordsRepo } from "./records.repo";
import { tolerancesOf } from "./maintenance.settings";

export const FUEL_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const FUEL_IMPORT_MAX_ROWS = 5000;

type VehicleFacts = {
  tank_volume: string | null;
  fuel_consumption: string | null;
  estimated_consumption: string | null;
};

async function vehicleFacts(ctx: AppContext, orgId: string, ids: string[]) {
  if (!ids.length) return new Map<string, VehicleFacts & { id: string }>();
  const rows = await costsRepo.fuelFacts(ctx.db, orgId, ids);
  return new Map(rows.map((r) => [r.id, r]));
}

type RecordFilter = { vehicle_id?: string; from?: string; to?: string };

/** Fuel reports with the full-tank consumption and the checks, newest first. */
export async function listFuel(ctx: AppContext, p: Principal, filter: RecordFilter = {}) {
  return (await listFuelRows(ctx, p, filter)).map(toFuelDto);
}

/** The fuel page's and the fuel report type's rows: with the supplier's name, distance and hours run the DTO leaves out. */
export async function listFuelRows(ctx: AppContext, p: Principal, filter: RecordFilter = {}) {
  maintenancePolicy.read(p);
  const visible = await visibleVehicles(ctx, p);
  const ids = filter.vehicle_id ? (visible.has(filter.vehicle_id) ? [filter.vehicle_id] : []) : [...visible.keys()];
  // The consumption needs the fills before the period: read every report of the vehicles, then cut to the period.
  const rows = await recordsRepo.fuel(ctx.db, p.orgId, { vehicleIds: ids });
  const [facts, tolerances] = await Promise.all([
    vehicleFacts(ctx, p.orgId, [...new Set(rows.map((r) => r.vehicle_id))]),
    tolerancesOf(ctx.db, p.orgId),
  ]);
  const results = new Map<string, FuelResult>();
  const byVehicle = new Map<string, typeof rows>();
  for (const r of rows) byVehicle.set(r.vehicle_id, [...(byVehicle.get(r.vehicle_id) ?? []), r]);
  for (const [vehicleId, list] of byVehicle) {
    const f = facts.get(vehicleId);
    const estimate = f?.fuel_consumption ?? f?.estimated_consumption ?? null;
    const analysed = analyseFuel(
      list.map((r) => ({
        id: r.id,
        filled_on: r.filled_on,
        odometer_km: Number(r.odometer_km),
        engine_hours: r.engine_hours === null ? null : Number(r.engine_hours),
        liters: Number(r.liters),
        full_tank: r.full_tank,
      })),
      {
        tank_volume: f?.tank_volume ? Number(f.tank_volume) : null,
        estimate: estimate ? Number(estimate) : null,
      },
      tolerances.consumption,
    );
    for (const [id, res] of analysed) results.set(id, res);
  }
  return rows
    .filter((r) => (!filter.from || r.filled_on >= filter.from) && (!filter.to || r.filled_on <= filter.to))
    .map((r) => {
      const res = results.get(r.id)!;
      const flags = [...res.flags];
      if (
        odometerDisagrees(
          Number(r.odometer_km),
          r.telematics_odometer_km === null ? null : Number(r.telematics_odometer_km),
          tolerances.odometerKm,
        )
      )
        flags.push("odometer_disagrees");
      return {
        ...r,
        registration: visible.get(r.vehicle_id)?.registration ?? "",
        consumption: res.consumption,
        distance_km: res.distance_km,
        l_per_hour: res.l_per_hour,
        hours_run: res.hours_run,
        flags,
      };
    })
    .sort((a, b) => b.filled_on.localeCompare(a.filled_on) || Number(b.odometer_km) - Number(a.odometer_km));
}

export async function getFuelReport(ctx: AppContext, p: Principal, id: string) {
  return toFuelDto(await fuelRecord(ctx, p, id));
}

/** A fuel report as stored, with its attachments: its edit form and the writes. */
export async function fuelRecord(ctx: AppContext, p: Principal, id: string) {
  maintenancePolicy.read(p);
  const row = await recordsRepo.fuelReport(ctx.db, p.orgId, id);
  if (!row) throw notFound("fuel report");
  const v = await assertVisible(ctx, p, row.vehicle_id, "fuel report");
  return {
    ...row,
    registration: v.registration,
    attachments: await recordsRepo.attachmentsOf(ctx.db, p.orgId, { fuel_report_id: id }),
  };
}

const record = (p: Principal, input: FuelInput, telematicsKm: number | null) => ({
  org_id: p.orgId,
  vehicle_id: input.vehicle_id,
  filled_on: input.filled_on,
  liters: input.liters,
  price: input.price ?? 0,
  bill_number: input.bill_number ?? null,
  odometer_km: input.odometer_km,
  telematics_odometer_km: telematicsKm,
  engine_hours: input.engine_hours ?? null,
  full_tank: input.full_tank,
  supplier_id: input.supplier_id ?? null,
  notes: input.notes ?? null,
  created_by: p.userId,
});

/**
 * A fill-up's date and odometer against the vehicle's history (docs/maintenance.md, "Fuel"): a date after the
 * organisation's today is FUEL_DATE_IN_FUTURE; an odometer below the highest of the vehicle's fill-ups on earlier days
 * is ODOMETER_BELOW_PREVIOUS unless the user confirms the reading (`confirm_odometer`).
 */
async function checkFillUp(ctx: AppContext, p: Principal, input: FuelInput, excludeId?: string) {
  const today = await orgToday(ctx, p.orgId);
  if (input.filled_on > today)
    throw new AppError("FUEL_DATE_IN_FUTURE", "A fill-up cannot be dated in the future", {
      field: "filled_on",
      today,
    });
  if (input.confirm_odometer) return;
  const earlier = await recordsRepo.highestFuelBefore(ctx.db, p.orgId, input.vehicle_id, input.filled_on, excludeId);
  if (earlier && input.odometer_km < Number(earlier.odometer_km))
    throw new AppError("ODOMETER_BELOW_PREVIOUS", "The odometer is lower than an earlier fill-up's", {
      field: "odometer_km",
      previous_km: Number(earlier.odometer_km),
      previous_date: earlier.filled_on,
    });
}

/** A refuel (screen, or the driver's phone with the receipt photo); the telematics odometer is kept beside the entered one. */
export async function createFuelReport(ctx: AppContext, p: Principal, raw: unknown, attachments: Attachment[] = []) {
  maintenancePolicy.write(p);
  const input = fuelInputSchema.parse(raw);
  await assertChosen(ctx, p, [input.vehicle_id]);
  await checkFillUp(ctx, p, input);
  checkAttachments(attachments);
  if (!(await catalogueRepo.existingSupplier(ctx.db, p.orgId, input.supplier_id)))
    throw new AppError("VALIDATION", "Unknown supplier", { field: "supplier_id" });
  const reading = (await remindersRepo.readings(ctx.db, p.orgId, [input.vehicle_id])).get(input.vehicle_id);
  return ctx.db.transaction().execute(async (trx) => {
    const [row] = await recordsRepo.insertFuel(trx, [record(p, input, reading?.telematics_km ?? null)]);
    await attach(trx, p, { fuel_report_id: row.id }, attachments);
    await audit.record(trx, p, { entity: "fuel_report", id: row.id, action: "create", after: row });
    return row;
  });
}

/** A saved fuel report's values as its form sends them: the edit form's first values and the base of a PATCH. */
export function fuelFields(r: Awaited<ReturnType<typeof fuelRecord>>): Record<string, unknown> {
  return {
    vehicle_id: r.vehicle_id,
    filled_on: r.filled_on,
    liters: String(Number(r.liters)),
    price: String(Number(r.price)),
    bill_number: r.bill_number ?? "",
    odometer_km: String(Number(r.odometer_km)),
    engine_hours: r.engine_hours === null ? "" : String(Number(r.engine_hours)),
    full_tank: r.full_tank,
    supplier_id: r.supplier_id ?? "",
    notes: r.notes ?? "",
  };
}

/**
 * Edits a fuel report with the rules of adding it. Consumption and flags are not stored: the list works them out
 * from the reports as they are, so the edited fill and the full-tank fills around it are judged anew. The telematics
 * odometer of the day stays unless the vehicle changes. Attachments stay; new ones are added. `patch`: fields left
 * out keep their saved values (the API's PATCH; a JSON `full_tank` of false clears it).
 */
export async function updateFuelReport(
  ctx: AppContext,
  p: Principal,
  id: string,
  raw: unknown,
  opts: { attachments?: Attachment[]; patch?: boolean } = {},
) {
  maintenancePolicy.write(p);
  const before = await fuelRecord(ctx, p, id);
  const input = fuelInputSchema.parse(
    opts.patch ? { ...fuelFields(before), ...(raw as Record<string, unknown>) } : raw,
  );
  await assertChosen(ctx, p, [input.vehicle_id]);
  // a saved reading is judged again only when the edit changes what the rule reads
  if (
    input.vehicle_id !== before.vehicle_id ||
    input.filled_on !== before.filled_on ||
    input.odometer_km !== Number(before.odometer_km)
  )
    await checkFillUp(ctx, p, input, id);
  const attachments = opts.attachments ?? [];
  checkAttachments(attachments);
  if (!(await catalogueRepo.existingSupplier(ctx.db, p.orgId, input.supplier_id)))
    throw new AppError("VALIDATION", "Unknown supplier", { field: "supplier_id" });
  const telematicsKm =
    input.vehicle_id === before.vehicle_id
      ? before.telematics_odometer_km === null
        ? null
        : Number(before.telematics_odometer_km)
      : ((await remindersRepo.readings(ctx.db, p.orgId, [input.vehicle_id])).get(input.vehicle_id)?.telematics_km ??
        null);
  return ctx.db.transaction().execute(async (trx) => {
    const { org_id: _o, created_by: _c, ...values } = record(p, input, telematicsKm);
    const row = await recordsRepo.updateFuel(trx, p.orgId, id, values);
    if (!row) throw notFound("fuel report");
    await attach(trx, p, { fuel_report_id: id }, attachments);
    await audit.record(trx, p, {
      entity: "fuel_report",
      id,
      action: "update",
      before: { ...before, attachments: undefined },
      after: row,
    });
    return row;
  });
}

export async function deleteFuelReport(ctx: AppContext, p: Principal, id: string) {
  maintenancePolicy.write(p);
  const before = await fuelRecord(ctx, p, id);
  await ctx.db.transaction().execute(async (trx) => {
    await recordsRepo.deleteFuel(trx, p.orgId, id);
    await audit.record(trx, p, {
      entity: "fuel_report",
      id,
      action: "delete",
      before: { ...before, attachments: undefined },
    });
  });
}

export interface FuelRowError {
  row: number;
  field: string;
  message: string;
}

const HEADERS = [
  "date",
  "registration",
  "liters",
  "price",
  "odometer",
  "engine_hours",
  "bill_number",
  "supplier",
  "full_tank",
] as const;
const YES = new Set(["yes", "y", "true", "1", "po", "full", "plot"]);

/**
 * Imports a fuel-card statement (CSV). Every row is checked first; one bad row saves nothing and the answer lists each
 * row's errors (row numbers are the file's lines). Vehicles are found by registration, suppliers by name.
 */
export async function importFuelCsv(
  ctx: AppContext,
  p: Principal,
  file: { name: string; size: number; text(): Promise<string> },
) {
  maintenancePolicy.write(p);
  if (!file.size) throw new AppError("IMPORT_FORMAT", "Choose a file", { field: "file" });
  if (file.size > FUEL_IMPORT_MAX_BYTES)
    throw new AppError("IMPORT_TOO_LARGE", "The file is too large", { field: "file" });
  const records = parseCsvRecords((await file.text()).replace(/^\uFEFF/, ""));
  if (records.length < 2) throw new AppError("IMPORT_FORMAT", "The file has no rows", { field: "file" });
  if (records.length > FUEL_IMPORT_MAX_ROWS + 1)
    throw new AppError("IMPORT_TOO_LARGE", "Too many rows", { field: "file" });
  const header = records[0].cells.map((c) => c.trim().toLowerCase().replace(/\s+/g, "_"));
  const col = Object.fromEntries(HEADERS.map((h) => [h, header.indexOf(h)])) as Record<
    (typeof HEADERS)[number],
    number
  >;
  const missing = (["date", "registration", "liters", "odometer"] as const).filter((h) => col[h] < 0);
  if (missing.length)
    throw new AppError("IMPORT_FORMAT", `Missing columns: ${missing.join(", ")}`, { field: "file", missing });

  const visible = await visibleVehicles(ctx, p);
  const byRegistration = new Map(
    [...visible.values()].map((v) => [v.registration.replace(/\s+/g, "").toUpperCase(), v.id]),
  );
  const suppliers = new Map(
    (await catalogueRepo.suppliers(ctx.db, p.orgId)).map((s) => [s.name.trim().toLowerCase(), s.id]),
  );
  const errors: FuelRowError[] = [];
  const inputs: FuelInput[] = [];
  const today = await orgToday(ctx, p.orgId);
  for (const rec of records.slice(1)) {
    const cell = (h: (typeof HEADERS)[number]) => (col[h] >= 0 ? (rec.cells[col[h]] ?? "").trim() : "");
    if (rec.cells.every((c) => !c.trim())) continue;
    const rowErrors: FuelRowError[] = [];
    const vehicleId = byRegistration.get(cell("registration").replace(/\s+/g, "").toUpperCase());
    if (!vehicleId)
      rowErrors.push({ row: rec.line, field: "registration", message: `unknown vehicle "${cell("registration")}"` });
    if (!isDate(cell("date")))
      rowErrors.push({ row: rec.line, field: "date", message: `not a date (YYYY-MM-DD): "${cell("date")}"` });
    const supplierName = cell("supplier");
    const supplierId = supplierName ? suppliers.get(supplierName.toLowerCase()) : null;
    if (supplierName && !supplierId)
      rowErrors.push({ row: rec.line, field: "supplier", message: `unknown supplier "${supplierName}"` });
    const parsed = fuelInputSchema.safeParse({
      vehicle_id: vehicleId ?? "00000000-0000-4000-8000-000000000000",
      filled_on: cell("date"),
      liters: cell("liters"),
      price: cell("price"),
      odometer_km: cell("odometer"),
      engine_hours: cell("engine_hours"),
      bill_number: cell("bill_number"),
      supplier_id: supplierId ?? "",
      full_tank: col.full_tank < 0 || YES.has(cell("full_tank").toLowerCase()),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        if (field === "filled_on") continue;
        rowErrors.push({ row: rec.line, field, message: `${field}: ${issue.message.replace(/^errors\./, "")}` });
      }
    } else if (parsed.data.filled_on > today) {
      rowErrors.push({ row: rec.line, field: "date", message: `in the future: "${cell("date")}"` });
    } else inputs.push(parsed.data);
    errors.push(...rowErrors);
  }
  if (errors.length) return { saved: 0, errors };
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const rows = await recordsRepo.insertFuel(
      trx,
      inputs.map((i) => record(p, i, null)),
    );
    await audit.record(trx, p, {
      entity: "fuel_report",
      id: rows[0].id,
      action: "import",
      after: { file_name: file.name, reports: rows.length },
    });
    return rows.length;
  });
  return { saved, errors: [] as FuelRowError[] };
}
