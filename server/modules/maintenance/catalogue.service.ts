import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { catalogueRepo } from "./catalogue.repo";
import { maintenancePolicy } from "./maintenance.policy";
import { partInputSchema, stockMovementSchema, supplierInputSchema } from "./maintenance.schema";

export async function listSuppliers(ctx: AppContext, p: Principal, q = "") {
  maintenancePolicy.read(p);
  return catalogueRepo.suppliers(ctx.db, p.orgId, q);
}

export async function getSupplier(ctx: AppContext, p: Principal, id: string) {
  maintenancePolicy.read(p);
  const row = await catalogueRepo.supplier(ctx.db, p.orgId, id);
  if (!row) throw notFound("supplier");
  return row;
}

export async function saveSupplier(ctx: AppContext, p: Principal, id: string | null, raw: unknown) {
  maintenancePolicy.write(p);
  const before = id ? await getSupplier(ctx, p, id) : null;
  const input = supplierInputSchema.parse(raw);
  return ctx.db.transaction().execute(async (trx) => {
    const row = before
      ? await catalogueRepo.updateSupplier(trx, p.orgId, before.id, input)
      : await catalogueRepo.insertSupplier(trx, { org_id: p.orgId, ...input });
    if (!row) throw notFound("supplier");
    await audit.record(trx, p, {
      entity: "supplier",
      id: row.id,
      action: before ? "update" : "create",
      before,
      after: row,
    });
    return row;
  });
}

export async function deleteSupplier(ctx: AppContext, p: Principal, id: string) {
  maintenancePolicy.write(p);
  const before = await getSupplier(ctx, p, id);
  await ctx.db.transaction().execute(async (trx) => {
    await catalogueRepo.deleteSupplier(trx, p.orgId, id);
    await audit.record(trx, p, { entity: "supplier", id, action: "delete", before });
  });
}

export async function listParts(ctx: AppContext, p: Principal, q = "") {
  maintenancePolicy.read(p);
  return catalogueRepo.parts(ctx.db, p.orgId, q);
}

export async function getPart(ctx: AppContext, p: Principal, id: string) {
  maintenancePolicy.read(p);
  const row = await catalogueRepo.part(ctx.db, p.orgId, id);
  if (!row) throw notFound("part");
  return { ...row, movements: await catalogueRepo.movements(ctx.db, p.orgId, id) };
}

export async function savePart(ctx: AppContext, p: Principal, id: string | null, raw: unknown) {
  maintenancePolicy.write(p);
  const before = id ? await getPart(ctx, p, id) : null;
  const input = partInputSchema.parse(raw);
  if (!(await catalogueRepo.existingSupplier(ctx.db, p.orgId, input.supplier_id)))
    throw new AppError("VALIDATION", "Unknown supplier", { field: "supplier_id" });
  return ctx.db.transaction().execute(async (trx) => {
    const values = { ...input, supplier_id: input.supplier_id ?? null, unit_price: input.unit_price ?? null };
    const row = before
      ? await catalogueRepo.updatePart(trx, p.orgId, before.id, values)
      : await catalogueRepo.insertPart(trx, { org_id: p.orgId, ...values });
    if (!row) throw notFound("part");
    await audit.record(trx, p, {
      entity: "part",
      id: row.id,
      action: before ? "update" : "create",
      before,
      after: row,
    });
    return row;
  });
}

export async function deletePart(ctx: AppContext, p: Principal, id: string) {
  maintenancePolicy.write(p);
  const before = await getPart(ctx, p, id);
  await ctx.db.transaction().execute(async (trx) => {
    await catalogueRepo.deletePart(trx, p.orgId, id);
    await audit.record(trx, p, { entity: "part", id, action: "delete", before });
  });
}

/** A purchase (parts in) or an adjustment; the stock may not go below zero. */
export async function moveStock(ctx: AppContext, p: Principal, partId: string, raw: unknown) {
  maintenancePolicy.write(p);
  const before = await getPart(ctx, p, partId);
  const input = stockMovementSchema.parse(raw);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await catalogueRepo.move(trx, p.orgId, {
      part_id: partId,
      quantity: input.quantity,
      reason: input.reason,
      note: input.note ?? null,
      user_id: p.userId,
    });
    if (!row || Number(row.stock) < 0)
      throw new AppError("PART_OUT_OF_STOCK", `Not enough ${before.name} in stock`, { field: "quantity" });
    await audit.record(trx, p, {
      entity: "part",
      id: partId,
      action: "update",
      before: { stock: before.stock },
      after: { stock: row.stock, movement: input },
    });
    return row;
  });
}
