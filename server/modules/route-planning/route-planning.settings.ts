import type { AppContext } from "../../context";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { fieldRules, saveFieldRules } from "../organization";
import { routePlanningPolicy } from "./route-planning.policy";
import { routeSettingsRepo } from "./route-planning.repo";
import type { RouteSettingsInput } from "./route-planning.schema";

export type RouteRules = Awaited<ReturnType<typeof routeRules>>;

/** Every rule route planning applies for an organisation (no permission check: internal and the position hook). */
export async function routeRules(ctx: AppContext, orgId: string) {
  const [org, own] = await Promise.all([fieldRules(ctx, orgId), routeSettingsRepo.find(ctx.db, orgId)]);
  return { ...org, self_assign_radius_m: own?.self_assign_radius_m ?? 2000, late_grace_min: own?.late_grace_min ?? 15 };
}

export async function getRouteSettings(ctx: AppContext, p: Principal) {
  routePlanningPolicy.read(p);
  return routeRules(ctx, p.orgId);
}

export async function updateRouteSettings(ctx: AppContext, p: Principal, input: RouteSettingsInput) {
  routePlanningPolicy.write(p);
  const before = await routeRules(ctx, p.orgId);
  await ctx.db.transaction().execute(async (trx) => {
    await saveFieldRules(trx, p.orgId, {
      attendance_enabled: input.attendance_enabled,
      attendance_start_threshold: input.attendance_start_threshold,
      checkin_radius_m: input.checkin_radius_m,
      checkout_radius_m: input.checkout_radius_m,
      self_assign_jobs: input.self_assign_jobs,
    });
    await routeSettingsRepo.upsert(trx, p.orgId, {
      self_assign_radius_m: input.self_assign_radius_m,
      late_grace_min: input.late_grace_min,
    });
    await audit.record(trx, p, { entity: "settings", id: p.orgId, action: "update", before, after: input });
  });
  return routeRules(ctx, p.orgId);
}
