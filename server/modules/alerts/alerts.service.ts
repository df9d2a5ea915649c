import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { canSeeTeam } from "../access/access.policy";
import type { Principal } from "../access/principal";
import { visibleVehicleIds } from "../access/vehicle-scope";
import { audit } from "../audit";
import { orgTimeZone } from "../organization";
import { existingPlaceIds, geofenceOptions } from "../places";
import { existingTeamIds, teamOptions } from "../teams";
import { existingUserIds, peopleWithEmail } from "../users";
import { vehicleOptions } from "../vehicles";
import { assertUuid } from "../positions";
import { pickSort, toPage, type ListQuery } from "../shared/listing";
import { mapPage } from "../shared/mapping";
import { toAlertDto, toPolicyDto, toPolicyListItemDto } from "./alerts.mapper";
import { alertLogRepo, type LogQuery } from "./alerts-log.repo";
import { alertsPolicy } from "./alerts.policy";
import { policiesRepo, type PolicyLinks, type PolicySort } from "./alerts.repo";
import { needs, policyInputSchema, type AlertType, type LogFilter, type PolicyInput } from "./alerts.schema";
import { addDays, localDay, zonedMidnight } from "../../shared/local-time";

const SORTS: PolicySort[] = ["name", "type", "updated", "active"];
/** The overview looks back this far when no period is given. */
export const OVERVIEW_DEFAULT_DAYS = 30;
export const MAX_PERIOD_DAYS = 366;

export async function listPolicies(ctx: AppContext, p: Principal, q: ListQuery, filter: { type?: AlertType } = {}) {
  alertsPolicy.read(p);
  const sort = pickSort<PolicySort>(q.sort, SORTS, "name");
  const { items, total } = await policiesRepo.list(ctx.db, p.orgId, q, sort, filter.type);
  return mapPage(toPage(items, total, q), toPolicyListItemDto);
}

export async function getPolicy(ctx: AppContext, p: Principal, id: string) {
  return toPolicyDto(await findPolicy(ctx, p, id));
}
export type PolicyDetails = Awaited<ReturnType<typeof getPolicy>>;

async function findPolicy(ctx: AppContext, p: Principal, id: string) {
  alertsPolicy.read(p);
  assertUuid(id, "alert policy");
  const policy = await policiesRepo.findById(ctx.db, p.orgId, id);
  if (!policy) throw notFound("alert policy");
  return { ...policy, ...(await policiesRepo.links(ctx.db, p.orgId, id)) };
}

/** What the policy form offers: the vehicles and teams the user sees, the geofences and the people of the organisation. */
export async function policyFormOptions(ctx: AppContext, p: Principal) {
  alertsPolicy.read(p);
  const [vehicles, teams, geofences, users] = await Promise.all([
    vehicleOptions(ctx, p),
    teamOptions(ctx, p),
    geofenceOptions(ctx, p.orgId),
    peopleWithEmail(ctx, p.orgId),
  ]);
  return { vehicles, teams, geofences, users };
}
export type PolicyFormOptions = Awaited<ReturnType<typeof policyFormOptions>>;

/** Parses unvalidated fields (API bodies) with the form rules. */
export function parsePolicyInput(fields: unknown): PolicyInput {
  const r = policyInputSchema.safeParse(fields);
  if (!r.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const i of r.error.issues) (fieldErrors[String(i.path[0] ?? "form")] ??= []).push(i.message);
    throw new AppError("VALIDATION", "Please check the highlighted fields", { fields: fieldErrors });
  }
  return r.data;
}

/**
 * The links a save writes: the chosen ones, checked against the organisation and what the user may see,
 * plus links the user cannot see on an existing policy (an editor limited to some teams keeps the rest).
 */
async function resolveLinks(
  ctx: AppContext,
  p: Principal,
  input: PolicyInput,
  previous: PolicyLinks | null,
): Promise<PolicyLinks> {
  const visible = await visibleVehicleIds(ctx.db, p, input.vehicle_ids);
  const bad = (field: string) =>
    new AppError("VALIDATION", "Unknown selection", { fields: { [field]: ["errors.invalid"] } });
  if (input.vehicle_ids.some((id) => !visible.has(id))) throw bad("vehicle_ids");
  const teams = await existingTeamIds(ctx, p.orgId, input.team_ids);
  if (input.team_ids.some((id) => !teams.has(id) || !canSeeTeam(p, id))) throw bad("team_ids");
  const geofenceIds = needs(input.alert_type).geofences && !input.all_geofences ? input.geofence_ids : [];
  const fences = await existingPlaceIds(ctx, p.orgId, "geofence", geofenceIds);
  if (geofenceIds.some((id) => !fences.has(id))) throw bad("geofence_ids");
  const users = await existingUserIds(ctx, p.orgId, input.recipient_ids);
  if (input.recipient_ids.some((id) => !users.has(id))) throw bad("recipient_ids");

  let vehicleIds = input.all_vehicles ? [] : input.vehicle_ids;
  let teamIds = input.all_vehicles ? [] : input.team_ids;
  if (previous && !input.all_vehicles) {
    const prevVisible = await visibleVehicleIds(ctx.db, p, previous.vehicle_ids);
    vehicleIds = [...vehicleIds, ...previous.vehicle_ids.filter((id) => !prevVisible.has(id))];
    teamIds = [...teamIds, ...previous.team_ids.filter((id) => !canSeeTeam(p, id))];
  }
  return { vehicle_ids: vehicleIds, team_ids: teamIds, geofence_ids: geofenceIds, recipient_ids: input.recipient_ids };
}

/** Stored columns: thresholds that do not apply to the type are cleared, so the log and engine never see stale ones. */
function policyColumns(input: PolicyInput) {
  const n = needs(input.alert_type);
  return {
    name: input.name,
    alert_type: input.alert_type,
    active: input.active,
    all_vehicles: input.all_vehicles,
    all_geofences: n.geofences ? input.all_geofences : true,
    speed_limit_kmh: n.speed ? (input.speed_limit_kmh ?? null) : null,
    duration_min: n.duration ? (input.duration_min ?? null) : null,
    alarm_kinds: n.alarms ? input.alarm_kinds : [],
    fault_kinds: n.faults ? input.fault_kinds : [],
    time_from: input.time_from ?? null,
    time_to: input.time_to ?? null,
    days: [...new Set(input.days)].sort(),
    daily_limit: input.daily_limit ?? null,
    driver_limit: input.driver_limit ?? null,
    notify_in_app: input.notify_in_app,
    notify_email: input.notify_email,
    emails: input.emails,
  };
}

export async function createPolicy(ctx: AppContext, p: Principal, input: PolicyInput) {
  alertsPolicy.write(p);
  const links = await resolveLinks(ctx, p, input, null);
  return ctx.db.transaction().execute(async (trx) => {
    const policy = await policiesRepo.insert(trx, p.orgId, { ...policyColumns(input), created_by: p.userId });
    await policiesRepo.replaceLinks(trx, p.orgId, policy.id, links);
    await audit.record(trx, p, {
      entity: "alert_policy",
      id: policy.id,
      action: "create",
      after: { ...policy, ...links },
    });
    return policy;
  });
}

export async function updatePolicy(ctx: AppContext, p: Principal, id: string, input: PolicyInput) {
  alertsPolicy.write(p);
  const previous = await findPolicy(ctx, p, id);
  const links = await resolveLinks(ctx, p, input, previous);
  return ctx.db.transaction().execute(async (trx) => {
    const policy = await policiesRepo.update(trx, p.orgId, id, policyColumns(input));
    if (!policy) throw notFound("alert policy");
    await policiesRepo.replaceLinks(trx, p.orgId, id, links);
    await audit.record(trx, p, {
      entity: "alert_policy",
      id,
      action: "update",
      before: previous,
      after: { ...policy, ...links },
    });
    return policy;
  });
}

export async function setPolicyActive(ctx: AppContext, p: Principal, id: string, active: boolean) {
  alertsPolicy.write(p);
  assertUuid(id, "alert policy");
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await policiesRepo.setActive(trx, p.orgId, id, active))) throw notFound("alert policy");
    await audit.record(trx, p, {
      entity: "alert_policy",
      id,
      action: active ? "activate" : "deactivate",
      after: { active },
    });
  });
}

/** The policy goes; alerts it raised stay in the log under its name. */
export async function deletePolicy(ctx: AppContext, p: Principal, id: string) {
  alertsPolicy.write(p);
  assertUuid(id, "alert policy");
  const before = await policiesRepo.findById(ctx.db, p.orgId, id);
  if (!before) throw notFound("alert policy");
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await policiesRepo.delete(trx, p.orgId, id))) throw notFound("alert policy");
    await audit.record(trx, p, { entity: "alert_policy", id, action: "delete", before });
  });
}

/** Local dates (organisation time zone) → instants; `to` is inclusive. Refuses reversed or over-long periods. */
async function periodOf(ctx: AppContext, p: Principal, f: { from?: string; to?: string }, defaultDays: number | null) {
  const timezone = await orgTimeZone(ctx, p.orgId);
  let { from, to } = f;
  if (!from && !to && defaultDays === null) return { timezone, query: {} as LogQuery, from, to };
  to ??= localDay(Date.now(), timezone);
  from ??= addDays(to, -((defaultDays ?? OVERVIEW_DEFAULT_DAYS) - 1));
  if (from > to) throw new AppError("PERIOD_INVALID", "The period ends before it starts", { field: "to" });
  if (addDays(from, MAX_PERIOD_DAYS) <= to)
    throw new AppError("PERIOD_INVALID", "The period may be at most a year", { field: "from" });
  return {
    timezone,
    from,
    to,
    query: { from: zonedMidnight(from, timezone), to: zonedMidnight(addDays(to, 1), timezone) } as LogQuery,
  };
}

export async function listAlerts(ctx: AppContext, p: Principal, f: LogFilter, q: Pick<ListQuery, "page" | "size">) {
  alertsPolicy.read(p);
  const period = await periodOf(ctx, p, f, null);
  const query: LogQuery = {
    ...period.query,
    vehicleId: f.vehicle,
    type: f.type,
    policyId: f.policy,
    unreadOnly: f.unread,
  };
  const { items, total } = await alertLogRepo.list(ctx.db, p, query, q);
  return { ...mapPage(toPage(items, total, { ...q, q: "", dir: "desc" }), toAlertDto), timezone: period.timezone };
}

export async function alertsOverview(
  ctx: AppContext,
  p: Principal,
  f: { from?: string; to?: string; vehicle?: string; type?: AlertType },
) {
  alertsPolicy.read(p);
  const period = await periodOf(ctx, p, f, OVERVIEW_DEFAULT_DAYS);
  const counts = await alertLogRepo.overview(
    ctx.db,
    p,
    { ...period.query, vehicleId: f.vehicle, type: f.type },
    period.timezone,
  );
  const total = counts.byType.reduce((s, r) => s + r.count, 0);
  return { from: period.from!, to: period.to!, timezone: period.timezone, total, ...counts };
}

/** A vehicle's alerts in a replay period (newest first, at most 500); none for users without alerts:read. */
export async function alertsForReplay(ctx: AppContext, p: Principal, vehicleId: string, from: Date, to: Date) {
  if (!p.permissions.has("alerts:read")) return [];
  assertUuid(vehicleId);
  const { items } = await alertLogRepo.list(
    ctx.db,
    p,
    { vehicleId, from, to: new Date(to.getTime() + 1) },
    { page: 1, size: 500 },
  );
  return items;
}

export async function getAlert(ctx: AppContext, p: Principal, id: string) {
  alertsPolicy.read(p);
  assertUuid(id, "alert");
  const alert = await alertLogRepo.findOne(ctx.db, p, id);
  if (!alert) throw notFound("alert");
  return alert;
}

/** The unread counter: the user's notifications about vehicles they may (still) see. */
export async function unreadAlertCount(ctx: AppContext, p: Principal): Promise<number> {
  if (!p.permissions.has("alerts:read")) return 0;
  return alertLogRepo.unreadCount(ctx.db, p);
}

export async function markAlertsRead(ctx: AppContext, p: Principal, ids: string[] | "all"): Promise<number> {
  alertsPolicy.read(p);
  if (ids !== "all") for (const id of ids) assertUuid(id, "alert");
  return alertLogRepo.markRead(ctx.db, p, ids);
}
