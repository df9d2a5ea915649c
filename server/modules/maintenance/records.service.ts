import type { AppContext } from "../../context";
import type { DB } from "../../db/database";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { catalogueRepo } from "./catalogue.repo";
import { toServiceDto } from "./maintenance.mapper";
import { maintenancePolicy } from "./maintenance.policy";
import {
  ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  ODOMETER_TOLERANCE_KM,
  serviceInputSchema,
  washInputSchema,
  type ServiceInput,
  type WashInput,
} from "./maintenance.schema";
import { assertChosen, assertVisible, visibleVehicles } from "./maintenance.vehicles";
import { remindersRepo } from "./maintenance.repo";
import { recordsRepo } from "./records.repo";
import { tolerancesOf } from "./maintenance.settings";

export interface Attachment {
  fileName: string;
  contentType: string;
  data: Buffer;
}

export interface PartLine {
  part_id: string;
  quantity: number;
}

/** The parts lines of a form: pairs of part and quantity; blank lines are skipped, a bad quantity names its line. */
export function partLines(input: { part_id: string[]; part_quantity: string[] }): PartLine[] {
  const lines: PartLine[] = [];
  input.part_id.forEach((partId, i) => {
    if (!partId) return;
    const quantity = Number(String(input.part_quantity[i] ?? "").replace(",", "."));
    if (!Number.isFinite(quantity) || quantity <= 0)
      throw new AppError("VALIDATION", "Bad quantity", { field: "part_quantity" });
    lines.push({ part_id: partId, quantity });
  });
  return lines;
}

export function checkAttachments(files: Attachment[]) {
  for (const f of files) {
    if (f.data.length > MAX_ATTACHMENT_BYTES || !(ATTACHMENT_TYPES as readonly string[]).includes(f.contentType)) {
      throw new AppError("VALIDATION", "Attachment refused", { field: "attachments" });
    }
  }
}

/** Whether an entered odometer disagrees with the telematics one by more than the tolerance (the organisation's). */
export const odometerDisagrees = (
  entered: number | null,
  telematics: number | null,
  toleranceKm = ODOMETER_TOLERANCE_KM,
) => entered !== null && telematics !== null && Math.abs(entered - telematics) > toleranceKm;

/**
 * Writes a service with its parts (taken out of stock at the part's price) and attachments, inside `trx`.
 * Stock may not go below zero: PART_OUT_OF_STOCK names the part.
 */
export async function writeService(
  trx: DB,
  p: Principal,
  input: ServiceInput,
  opts: { reminderId?: string | null; telematicsKm: number | null; attachments: Attachment[] },
) {
  if (!(await catalogueRepo.existingSupplier(trx, p.orgId, input.supplier_id)))
    throw new AppError("VALIDATION", "Unknown supplier", { field: "supplier_id" });
  const lines = partLines(input);
  const service = await recordsRepo.insertService(trx, {
    org_id: p.orgId,
    vehicle_id: input.vehicle_id,
    kind: "service",
    service_type: input.service_type,
    reminder_id: opts.reminderId ?? null,
    completed_on: input.completed_on,
    odometer_km: input.odometer_km ?? null,
    telematics_odometer_km: opts.telematicsKm,
    engine_hours: input.engine_hours ?? null,
    cost: input.cost ?? 0,
    supplier_id: input.supplier_id ?? null,
    notes: input.notes ?? null,
    created_by: p.userId,
  });
  await takeParts(trx, p, service.id, lines);
  await attach(trx, p, { service_id: service.id }, opts.attachments);
  await audit.record(trx, p, {
    entity: "maintenance_service",
    id: service.id,
    action: "create",
    after: { ...service, parts: lines },
  });
  return service;
}

/** Takes the lines' parts out of stock for a service at each part's current price; PART_OUT_OF_STOCK names the part. */
async function takeParts(trx: DB, p: Principal, serviceId: string, lines: PartLine[]) {
  const parts = new Map(
    (
      await catalogueRepo.partsByIds(
        trx,
        p.orgId,
        lines.map((l) => l.part_id),
      )
    ).map((x) => [x.id, x]),
  );
  for (const line of lines) {
    const part = parts.get(line.part_id);
    if (!part) throw new AppError("VALIDATION", "Unknown part", { field: "part_id" });
    const moved = await catalogueRepo.move(trx, p.orgId, {
      part_id: part.id,
      quantity: -line.quantity,
      reason: "service",
      service_id: serviceId,
      user_id: p.userId,
    });
    if (!moved || Number(moved.stock) < 0)
      throw new AppError("PART_OUT_OF_STOCK", `Not enough ${part.name} in stock`, {
        field: "part_quantity",
        part: part.name,
      });
    await recordsRepo.insertServicePart(trx, {
      org_id: p.orgId,
      service_id: serviceId,
      part_id: part.id,
      quantity: line.quantity,
      unit_price: Number(part.unit_price ?? 0),
    });
  }
}

/** Stores new attachments of a service or fuel report (those already saved stay). */
export async function attach(
  trx: DB,
  p: Principal,
  owner: { service_id: string } | { fuel_report_id: string },
  files: Attachment[],
) {
  for (const f of files) {
    await recordsRepo.insertAttachment(trx, {
      org_id: p.orgId,
      ...owner,
      file_name: f.fileName.slice(0, 200),
      content_type: f.contentType,
      byte_size: f.data.length,
      data: f.data,
    });
  }
}

export async function createService(ctx: AppContext, p: Principal, raw: unknown, attachments: Attachment[] = []) {
  maintenancePolicy.write(p);
  const input = serviceInputSchema.parse(raw);
  await assertChosen(ctx, p, [input.vehicle_id]);
  checkAttachments(attachments);
  const reading = (await remindersRepo.readings(ctx.db, p.orgId, [input.vehicle_id])).get(input.vehicle_id);
  const withOdometer = {
    ...input,
    odometer_km: input.odometer_km ?? reading?.odometer_km ?? null,
    engine_hours: input.engine_hours ?? reading?.engine_hours ?? null,
  };
  return ctx.db
    .transaction()
    .execute((trx) =>
      writeService(trx, p, withOdometer, { telematicsKm: reading?.telematics_km ?? null, attachments }),
    );
}

export async function createWash(ctx: AppContext, p: Principal, raw: unknown) {
  maintenancePolicy.write(p);
  const input: WashInput = washInputSchema.parse(raw);
  await assertChosen(ctx, p, [input.vehicle_id]);
  if (!(await catalogueRepo.existingSupplier(ctx.db, p.orgId, input.supplier_id)))
    throw new AppError("VALIDATION", "Unknown supplier", { field: "supplier_id" });
  return ctx.db.transaction().execute(async (trx) => {
    const row = await recordsRepo.insertService(trx, {
      org_id: p.orgId,
      vehicle_id: input.vehicle_id,
      kind: "wash",
      service_type: input.service_type,
      completed_on: input.completed_on,
      cost: input.cost ?? 0,
      supplier_id: input.supplier_id ?? null,
      notes: input.notes ?? null,
      created_by: p.userId,
    });
    await audit.record(trx, p, { entity: "maintenance_service", id: row.id, action: "create", after: row });
    return row;
  });
}

type RecordFilter = { vehicle_id?: string; from?: string; to?: string };

export async function listServices(ctx: AppContext, p: Principal, kind: "service" | "wash", filter: RecordFilter = {}) {
  return (await listServiceRows(ctx, p, kind, filter)).map(toServiceDto);
}

/** The list pages' rows: with the supplier's name and the odometer check the DTO has no room for. */
export async function listServiceRows(
  ctx: AppContext,
  p: Principal,
  kind: "service" | "wash",
  filter: RecordFilter = {},
) {
  maintenancePolicy.read(p);
  const visible = await visibleVehicles(ctx, p);
  const ids = filter.vehicle_id ? (visible.has(filter.vehicle_id) ? [filter.vehicle_id] : []) : [...visible.keys()];
  const [rows, tolerances] = await Promise.all([
    recordsRepo.services(ctx.db, p.orgId, kind, { vehicleIds: ids, from: filter.from, to: filter.to }),
    tolerancesOf(ctx.db, p.orgId),
  ]);
  return rows.map((r) => ({
    ...r,
    registration: visible.get(r.vehicle_id)?.registration ?? "",
    total_cost: Number(r.cost) + Number(r.parts_cost ?? 0),
    odometer_disagrees: odometerDisagrees(
      r.odometer_km === null ? null : Number(r.odometer_km),
      r.telematics_odometer_km === null ? null : Number(r.telematics_odometer_km),
      tolerances.odometerKm,
    ),
  }));
}

export async function getService(ctx: AppContext, p: Principal, id: string) {
  return toServiceDto(await serviceRecord(ctx, p, id));
}

/** A service as stored, with its parts (part numbers too) and attachments: its page, its edit form and the writes. */
export async function serviceRecord(ctx: AppContext, p: Principal, id: string) {
  maintenancePolicy.read(p);
  const row = await recordsRepo.service(ctx.db, p.orgId, id);
  if (!row) throw notFound("service");
  const vehicle = await assertVisible(ctx, p, row.vehicle_id, "service");
  const [parts, attachments] = await Promise.all([
    recordsRepo.serviceParts(ctx.db, p.orgId, id),
    recordsRepo.attachmentsOf(ctx.db, p.orgId, { service_id: id }),
  ]);
  const partsCost = parts.reduce((a, x) => a + Number(x.quantity) * Number(x.unit_price), 0);
  return { ...row, registration: vehicle.registration, parts, attachments, total_cost: Number(row.cost) + partsCost };
}

export async function deleteService(ctx: AppContext, p: Principal, id: string) {
  maintenancePolicy.write(p);
  const before = await serviceRecord(ctx, p, id);
  await ctx.db.transaction().execute(async (trx) => {
    // Parts go back to stock when the service that used them is deleted.
    for (const part of before.parts) {
      await catalogueRepo.move(trx, p.orgId, {
        part_id: part.part_id,
        quantity: Number(part.quantity),
        reason: "adjustment",
        note: "service deleted",
        user_id: p.userId,
      });
    }
    await recordsRepo.deleteService(trx, p.orgId, id);
    await audit.record(trx, p, { entity: "maintenance_service", id, action: "delete", before });
  });
}

/** A saved service's values as its form sends them: the edit form's first values and the base of a PATCH. */
export function serviceFields(s: Awaited<ReturnType<typeof serviceRecord>>): Record<string, unknown> {
  return {
    vehicle_id: s.vehicle_id,
    service_type: s.service_type,
    completed_on: s.completed_on,
    odometer_km: s.odometer_km === null ? "" : String(Number(s.odometer_km)),
    engine_hours: s.engine_hours === null ? "" : String(Number(s.engine_hours)),
    cost: String(Number(s.cost)),
    supplier_id: s.supplier_id ?? "",
    notes: s.notes ?? "",
    part_id: s.parts.map((x) => x.part_id),
    part_quantity: s.parts.map((x) => String(Number(x.quantity))),
  };
}

/**
 * Edits a service or a car wash with the rules of adding it. A service's parts go back to stock (an `adjustment`)
 * and the new lines are taken again at the part's current price, in one transaction: PART_OUT_OF_STOCK when the new
 * quantities exceed the stock. The telematics odometer of the day stays unless the vehicle changes. Attachments
 * stay; new ones are added. `patch`: fields left out keep their saved values (the API's PATCH).
 */
export async function updateService(
  ctx: AppContext,
  p: Principal,
  id: string,
  raw: unknown,
  opts: { attachments?: Attachment[]; patch?: boolean } = {},
) {
  maintenancePolicy.write(p);
  const before = await serviceRecord(ctx, p, id);
  const merged = opts.patch ? { ...serviceFields(before), ...(raw as Record<string, unknown>) } : raw;
  if (before.kind === "wash") return updateWash(ctx, p, before, merged);
  const input = serviceInputSchema.parse(merged);
  await assertChosen(ctx, p, [input.vehicle_id]);
  const attachments = opts.attachments ?? [];
  checkAttachments(attachments);
  if (!(await catalogueRepo.existingSupplier(ctx.db, p.orgId, input.supplier_id)))
    throw new AppError("VALIDATION", "Unknown supplier", { field: "supplier_id" });
  const lines = partLines(input);
  const telematicsKm =
    input.vehicle_id === before.vehicle_id
      ? before.telematics_odometer_km === null
        ? null
        : Number(before.telematics_odometer_km)
      : ((await remindersRepo.readings(ctx.db, p.orgId, [input.vehicle_id])).get(input.vehicle_id)?.telematics_km ??
        null);
  return ctx.db.transaction().execute(async (trx) => {
    // The row is locked first, so two edits at once cannot both put the same parts back.
    if (!(await recordsRepo.lockService(trx, p.orgId, id))) throw notFound("service");
    for (const part of await recordsRepo.serviceParts(trx, p.orgId, id)) {
      await catalogueRepo.move(trx, p.orgId, {
        part_id: part.part_id,
        quantity: Number(part.quantity),
        reason: "adjustment",
        note: "service edited",
        service_id: id,
        user_id: p.userId,
      });
    }
    await recordsRepo.deleteServiceParts(trx, p.orgId, id);
    const row = await recordsRepo.updateService(trx, p.orgId, id, {
      vehicle_id: input.vehicle_id,
      service_type: input.service_type,
      completed_on: input.completed_on,
      odometer_km: input.odometer_km ?? null,
      telematics_odometer_km: telematicsKm,
      engine_hours: input.engine_hours ?? null,
      cost: input.cost ?? 0,
      supplier_id: input.supplier_id ?? null,
      notes: input.notes ?? null,
    });
    await takeParts(trx, p, id, lines);
    await attach(trx, p, { service_id: id }, attachments);
    await audit.record(trx, p, {
      entity: "maintenance_service",
      id,
      action: "update",
      before: { ...before, attachments: undefined },
      after: { ...row, parts: lines },
    });
    return row;
  });
}

async function updateWash(
  ctx: AppContext,
  p: Principal,
  before: Awaited<ReturnType<typeof serviceRecord>>,
  raw: unknown,
) {
  const input = washInputSchema.parse(raw);
  await assertChosen(ctx, p, [input.vehicle_id]);
  if (!(await catalogueRepo.existingSupplier(ctx.db, p.orgId, input.supplier_id)))
    throw new AppError("VALIDATION", "Unknown supplier", { field: "supplier_id" });
  return ctx.db.transaction().execute(async (trx) => {
    const row = await recordsRepo.updateService(trx, p.orgId, before.id, {
      vehicle_id: input.vehicle_id,
      service_type: input.service_type,
      completed_on: input.completed_on,
      cost: input.cost ?? 0,
      supplier_id: input.supplier_id ?? null,
      notes: input.notes ?? null,
    });
    await audit.record(trx, p, {
      entity: "maintenance_service",
      id: before.id,
      action: "update",
      before: { ...before, attachments: undefined },
      after: row,
    });
    return row;
  });
}

/** An attachment of a service or fuel report the user may see. */
export async function getAttachment(ctx: AppContext, p: Principal, id: string) {
  maintenancePolicy.read(p);
  const row = await recordsRepo.attachment(ctx.db, p.orgId, id);
  if (!row) throw notFound("attachment");
  await assertVisible(ctx, p, row.vehicle_id, "attachment");
  return row;
}

/** Each visible vehicle's current odometer, to prefill forms (telematics, else the last entered one). */
export async function currentOdometers(ctx: AppContext, p: Principal): Promise<Record<string, number>> {
  return Object.fromEntries([...(await currentReadings(ctx, p)).values()].map((r) => [r.vehicle_id, r.odometer_km]));
}

/** Each visible vehicle's current odometer and engine hours (telematics, else the last entered ones), to prefill forms. */
export async function currentReadings(ctx: AppContext, p: Principal) {
  maintenancePolicy.read(p);
  const visible = await visibleVehicles(ctx, p);
  return remindersRepo.readings(ctx.db, p.orgId, [...visible.keys()]);
}
