import type { AppContext } from "../../context";
import type { DB } from "../../db/database";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { maintenancePolicy } from "./maintenance.policy";
import { DEFAULT_TOLERANCES, maintenanceSettingsSchema, type MaintenanceSettings } from "./maintenance.schema";
import { settingsRepo } from "./maintenance-settings.repo";

/** The fuel checks' tolerances as the flags use them: a share of the estimate and km. */
export interface Tolerances {
  consumption: number;
  odometerKm: number;
}

/** The organisation's settings, the defaults where it has saved none (no permission check: the rules' own reading). */
export async function settingsOf(db: DB, orgId: string): Promise<MaintenanceSettings> {
  return (await settingsRepo.find(db, orgId)) ?? { ...DEFAULT_TOLERANCES };
}

export async function tolerancesOf(db: DB, orgId: string): Promise<Tolerances> {
  const s = await settingsOf(db, orgId);
  return { consumption: s.consumption_tolerance_pct / 100, odometerKm: s.odometer_tolerance_km };
}

/** The settings screen and GET /api/maintenance/settings (`maintenance:read`). */
export async function getMaintenanceSettings(ctx: AppContext, p: Principal) {
  maintenancePolicy.read(p);
  return settingsOf(ctx.db, p.orgId);
}

/** Saves the tolerances (`maintenance:write`); out of bounds is VALIDATION on the field and nothing changes. */
export async function saveMaintenanceSettings(ctx: AppContext, p: Principal, raw: unknown) {
  maintenancePolicy.write(p);
  const input = maintenanceSettingsSchema.parse(raw);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await settingsOf(trx, p.orgId);
    const row = await settingsRepo.save(trx, p.orgId, input);
    await audit.record(trx, p, { entity: "maintenance_settings", id: p.orgId, action: "update", before, after: row });
    return row;
  });
}
