import { sql } from "kysely";
import type { AppContext } from "../../context";
import type { DB } from "../../db/database";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { tmsPolicy } from "./tms.policy";
import { depotInputSchema, fromMinutes, settingsInputSchema, toMinutes, type SettingsInput } from "./tms.schema";

/** The organisation's TMS settings; the defaults of migration 0012 until someone saves them. */
export interface TmsSettings {
  service_minutes: number;
  weight_unit: string;
  packet_unit: string;
  window_start: number;
  window_end: number;
  time_limit_s: number;
  arrival_radius_m: number;
}

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
  const row = await db.selectFrom("tms_settings").selectAll().where("org_id", "=", orgId).executeTakeFirst();
  if (!row) return { ...DEFAULT_SETTINGS };
  const { org_id: _o, updated_at: _u, ...s } = row;
  return s;
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
    await trx
      .insertInto("tms_settings")
      .values({ org_id: p.orgId, ...values })
      .onConflict((oc) => oc.column("org_id").doUpdateSet({ ...values, updated_at: sql`now()` }))
      .execute();
    await audit.record(trx, p, { entity: "tms_settings", id: p.orgId, action: "update", before, after: values });
    return { ...before, ...values };
  });
}

export async function listDepots(ctx: AppContext, p: Principal) {
  tmsPolicy.read(p);
  return depotsOf(ctx.db, p.orgId);
}

export const depotsOf = (db: DB, orgId: string) =>
  db.selectFrom("tms_depots").selectAll().where("org_id", "=", orgId).orderBy("name").execute();

export async function findDepot(db: DB, orgId: string, id: string) {
  return db.selectFrom("tms_depots").selectAll().where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
}

export async function createDepot(ctx: AppContext, p: Principal, input: Record<string, unknown>) {
  tmsPolicy.write(p);
  const v = depotInputSchema.parse(input);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("tms_depots")
      .values({ org_id: p.orgId, ...v })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((err: { code?: string }) => {
        if (err?.code === "23505") throw new AppError("CONFLICT", "A depot with this name exists", { field: "name" });
        throw err;
      });
    await audit.record(trx, p, { entity: "tms_settings", id: row.id, action: "create", after: row });
    return row;
  });
}

export async function deleteDepot(ctx: AppContext, p: Principal, id: string) {
  tmsPolicy.write(p);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findDepot(trx, p.orgId, id);
    if (!before) throw notFound("depot");
    await trx.deleteFrom("tms_depots").where("org_id", "=", p.orgId).where("id", "=", id).execute();
    await audit.record(trx, p, { entity: "tms_settings", id, action: "delete", before });
  });
}
