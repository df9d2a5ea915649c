import type { AppContext } from "../../context";
import type { DB } from "../../db/database";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { depotsRepo } from "./depots.repo";
import { toDepotDto } from "./tms.mapper";
import { tmsPolicy } from "./tms.policy";
import { depotInputSchema, fromMinutes, settingsInputSchema, toMinutes, type SettingsInput } from "./tms.schema";
import { tmsSettingsRepo } from "./tms-settings.repo";

/**
 * The organisation's TMS settings: the form's values with the working-day window in minutes after midnight; the
 * defaults of migration 0012 until someone saves them.
 */
export type TmsSettings = Omit<SettingsInput, "window_start" | "window_end"> & {
  window_start: number;
  window_end: number;
};

export const DEFAULT_SETTINGS: TmsSettings = {
  service_minutes: 5,
  weight_unit: "kg",
  packet_unit: "packets",
  window_start: 480,
  window_end: 1080,
  time_limit_s: 10,
  arrival_radius_m: 150,
};

export async function settingsOf(db: DB, orgId: string): Promise<TmsSettings> {
  const row = await tmsSettingsRepo.find(db, orgId);
  if (!row) return { ...DEFAULT_SETTINGS };
  const { org_id: _o, updated_at: _u, ...s } = row;
  // the units are written only through settingsInputSchema (or left at the migration's defaults)
  return s as TmsSettings;
}

export async function getSettings(ctx: AppContext, p: Principal): Promise<TmsSettings> {
  tmsPolicy.read(p);
  return settingsOf(ctx.db, p.orgId);
}

export const settingsFormValues = (s: TmsSettings) => ({
  ...s,
  window_start: fromMinutes(s.window_start),
  window_end: fromMinutes(s.window_end),
});

export async function saveSettings(
  ctx: AppContext,
  p: Principal,
  input: SettingsInput | Record<string, unknown>,
): Promise<TmsSettings> {
  tmsPolicy.write(p);
  const v = settingsInputSchema.parse(input);
  const values = { ...v, window_start: toMinutes(v.window_start), window_end: toMinutes(v.window_end) };
  return ctx.db.transaction().execute(async (trx) => {
    const before = await settingsOf(trx, p.orgId);
    await tmsSettingsRepo.save(trx, p.orgId, values);
    await audit.record(trx, p, { entity: "tms_settings", id: p.orgId, action: "update", before, after: values });
    return { ...before, ...values };
  });
}

export async function listDepots(ctx: AppContext, p: Principal) {
  tmsPolicy.read(p);
  return (await depotsRepo.list(ctx.db, p.orgId)).map(toDepotDto);
}

export async function createDepot(ctx: AppContext, p: Principal, input: Record<string, unknown>) {
  tmsPolicy.write(p);
  const v = depotInputSchema.parse(input);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await depotsRepo.insert(trx, p.orgId, v).catch((err: { code?: string }) => {
      if (err?.code === "23505") throw new AppError("CONFLICT", "A depot with this name exists", { field: "name" });
      throw err;
    });
    await audit.record(trx, p, { entity: "tms_settings", id: row.id, action: "create", after: row });
    return toDepotDto(row);
  });
}

export async function deleteDepot(ctx: AppContext, p: Principal, id: string) {
  tmsPolicy.write(p);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await depotsRepo.find(trx, p.orgId, id);
    if (!before) throw notFound("depot");
    await depotsRepo.delete(trx, p.orgId, id);
    await audit.record(trx, p, { entity: "tms_settings", id, action: "delete", before });
  });
}
