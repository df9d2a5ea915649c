import type { AppContext } from "../../context";
import type { DB } from "../../db/database";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { organizationPolicy } from "./organization.policy";
import { organizationRepo } from "./organization.repo";
import type { OrganizationInput, SettingsInput } from "./organization.schema";
import { isTimeZone, todayIn } from "../../shared/dates";
import { DEFAULT_TIME_ZONE } from "../../shared/time-zones";

export async function getOrganization(ctx: AppContext, p: Principal) {
  organizationPolicy.read(p);
  const org = await organizationRepo.find(ctx.db, p.orgId);
  if (!org) throw notFound("organization");
  return org;
}

export async function updateOrganization(ctx: AppContext, p: Principal, input: OrganizationInput) {
  organizationPolicy.write(p);
  const before = await organizationRepo.find(ctx.db, p.orgId);
  return ctx.db.transaction().execute(async (trx) => {
    const org = await organizationRepo.update(trx, p.orgId, input);
    if (!org) throw notFound("organization");
    await audit.record(trx, p, { entity: "organization", id: p.orgId, action: "update", before, after: org });
    return org;
  });
}

export async function getSettings(ctx: AppContext, p: Principal) {
  organizationPolicy.readSettings(p);
  const s = await organizationRepo.findSettings(ctx.db, p.orgId);
  const threshold = (s?.attendance_start_threshold ?? "10:00").slice(0, 5);
  return {
    attendance_enabled: s?.attendance_enabled ?? false,
    attendance_start_threshold: threshold,
    checkin_radius_m: s?.checkin_radius_m ?? 100,
    checkout_radius_m: s?.checkout_radius_m ?? 100,
    self_assign_jobs: s?.self_assign_jobs ?? false,
    timezone: knownTimeZone(s?.timezone),
  };
}

export async function updateSettings(ctx: AppContext, p: Principal, input: SettingsInput) {
  organizationPolicy.writeSettings(p);
  if (input.timezone && !(await organizationRepo.databaseKnowsZone(ctx.db, input.timezone)))
    throw new AppError("VALIDATION", "Unknown time zone", { fields: { timezone: ["errors.timeZone"] } });
  const before = await organizationRepo.findSettings(ctx.db, p.orgId);
  await ctx.db.transaction().execute(async (trx) => {
    const after = await organizationRepo.upsertSettings(trx, p.orgId, input);
    await audit.record(trx, p, { entity: "settings", id: p.orgId, action: "update", before, after });
  });
  return getSettings(ctx, p);
}

/** Name and e-mail of the organisation for the help page; every signed-in user may see them. */
export async function supportContact(ctx: AppContext, p: Principal) {
  const org = await organizationRepo.find(ctx.db, p.orgId);
  return { name: org?.name ?? "", email: org?.email ?? null, phone: org?.phone ?? null };
}

export { DEFAULT_TIME_ZONE };

/** A zone this runtime does not know (a stored typo, an old tz database) falls back to Tirana. */
export function knownTimeZone(tz: string | null | undefined): string {
  return tz && isTimeZone(tz) ? tz : DEFAULT_TIME_ZONE;
}

/** The organisation's time zone: dates on screens, alert time ranges and local days. */
export async function orgTimeZone(ctx: AppContext, orgId: string): Promise<string> {
  return knownTimeZone((await organizationRepo.findSettings(ctx.db, orgId))?.timezone);
}

/** The organisation's calendar day at an instant ("today" of route planning, attendance, default periods). */
export async function orgToday(ctx: AppContext, orgId: string, now: Date = new Date()): Promise<string> {
  return todayIn(await orgTimeZone(ctx, orgId), now);
}

/** The organisation's name, for report headers and e-mails (every member may see it). */
export async function orgName(ctx: AppContext, orgId: string): Promise<string> {
  return (await organizationRepo.find(ctx.db, orgId))?.name ?? "";
}

/** The field-job rules route planning applies (no permission: the caller's policy has been checked). */
export async function fieldRules(ctx: AppContext, orgId: string) {
  const s = await organizationRepo.findSettings(ctx.db, orgId);
  return {
    attendance_enabled: s?.attendance_enabled ?? false,
    attendance_start_threshold: (s?.attendance_start_threshold ?? "10:00").slice(0, 5),
    checkin_radius_m: s?.checkin_radius_m ?? 100,
    checkout_radius_m: s?.checkout_radius_m ?? 100,
    self_assign_jobs: s?.self_assign_jobs ?? false,
    timezone: knownTimeZone(s?.timezone),
  };
}

/** Route planning's settings screen saves these organisation settings inside its own transaction. */
export async function saveFieldRules(trx: DB, orgId: string, input: SettingsInput) {
  return organizationRepo.upsertSettings(trx, orgId, input);
}
