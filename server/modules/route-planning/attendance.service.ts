import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { formatInstantTime, minutesOfDay, todayIn } from "../../shared/dates";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { existingUserIds } from "../users";
import { attendanceRepo } from "./attendance.repo";
import { madeAt } from "./made-at";
import { toAttendanceDto } from "./route-planning.mapper";
import { routePlanningPolicy } from "./route-planning.policy";
import {
  attendanceRuleSchema,
  phonePositionSchema,
  type AttendanceRuleInput,
  type PhonePosition,
} from "./route-planning.schema";
import { routeRules } from "./route-planning.settings";

/**
 * Time attendance: a rule is a start-hour threshold for chosen users (applying one replaces the rules those users had);
 * without a rule the organisation's threshold applies. Users cannot start work before their threshold; a start more
 * than the lateness margin after it is a late start. Nothing of it shows while time attendance is not active.
 */
async function activeRules(ctx: AppContext, orgId: string) {
  const rules = await routeRules(ctx, orgId);
  if (!rules.attendance_enabled) throw new AppError("ATTENDANCE_NOT_ACTIVE", "Time attendance is not active");
  return rules;
}

export async function listAttendanceRules(ctx: AppContext, p: Principal) {
  routePlanningPolicy.read(p);
  return attendanceRepo.rules(ctx.db, p.orgId);
}

export async function applyAttendanceRule(
  ctx: AppContext,
  p: Principal,
  raw: AttendanceRuleInput | Record<string, unknown>,
) {
  routePlanningPolicy.write(p);
  const input = attendanceRuleSchema.parse(raw);
  const known = await existingUserIds(ctx, p.orgId, input.user_ids);
  if (known.size !== new Set(input.user_ids).size)
    throw new AppError("VALIDATION", "Unknown user", { field: "user_ids" });
  return ctx.db.transaction().execute(async (trx) => {
    const rule = await attendanceRepo.insertRule(trx, p.orgId, input.name, input.start_threshold);
    await attendanceRepo.assign(trx, p.orgId, rule.id, [...known]);
    await attendanceRepo.dropUnused(trx, p.orgId);
    await audit.record(trx, p, { entity: "attendance_rule", id: rule.id, action: "create", after: { ...input } });
    return rule;
  });
}

async function thresholdFor(ctx: AppContext, orgId: string, userId: string, fallback: string) {
  return ((await attendanceRepo.ruleOf(ctx.db, orgId, userId))?.start_threshold ?? fallback).slice(0, 5);
}

/** Start of the working day from the phone: refused before the threshold; late after it plus the margin. */
export async function startWorkingDay(
  ctx: AppContext,
  p: Principal,
  raw: Partial<PhonePosition> & { made_at?: unknown } = {},
  serverNow: Date = new Date(),
) {
  // an offline start is judged at the time it was made (the threshold, the late mark, the day)
  const now = madeAt(raw.made_at, serverNow);
  const rules = await activeRules(ctx, p.orgId);
  const pos = raw.latitude !== undefined && raw.latitude !== null ? phonePositionSchema.parse(raw) : null;
  const threshold = await thresholdFor(ctx, p.orgId, p.userId, rules.attendance_start_threshold);
  const clock = minutesOfDay(formatInstantTime(now, rules.timezone))!;
  const limit = minutesOfDay(threshold)!;
  if (clock < limit)
    throw new AppError("ATTENDANCE_BEFORE_THRESHOLD", `Work cannot start before ${threshold}`, { threshold });
  const day = todayIn(rules.timezone, now);
  const row = await attendanceRepo.start(ctx.db, p.orgId, p.userId, day, {
    started_at: now,
    threshold,
    late: clock > limit + rules.late_grace_min,
    start_lat: pos?.latitude ?? null,
    start_lon: pos?.longitude ?? null,
  });
  if (!row) throw new AppError("DAY_ALREADY_STARTED", "The working day has started already");
  return toAttendanceDto(row);
}

export async function endWorkingDay(
  ctx: AppContext,
  p: Principal,
  serverNow: Date = new Date(),
  raw: { made_at?: unknown } = {},
) {
  const now = madeAt(raw.made_at, serverNow);
  const rules = await activeRules(ctx, p.orgId);
  const row = await attendanceRepo.end(ctx.db, p.orgId, p.userId, todayIn(rules.timezone, now), now);
  if (!row) throw new AppError("DAY_NOT_STARTED", "The working day has not started");
  return toAttendanceDto(row);
}

/** The user's own attendance (phone): only while time attendance is active. */
export async function myAttendance(ctx: AppContext, p: Principal, from: string, to: string) {
  await activeRules(ctx, p.orgId);
  return (await attendanceRepo.days(ctx.db, p.orgId, from, to, p.userId)).map(toAttendanceDto);
}

/** Each day's start and end per user, late starts marked (the attendance view). */
export async function attendanceDays(ctx: AppContext, p: Principal, from: string, to: string) {
  routePlanningPolicy.read(p);
  const rules = await routeRules(ctx, p.orgId);
  if (!rules.attendance_enabled) return { active: false as const, days: [], timezone: rules.timezone };
  return {
    active: true as const,
    days: await attendanceRepo.days(ctx.db, p.orgId, from, to),
    timezone: rules.timezone,
  };
}

/**
 * The phone's working-day panel: whether time attendance is active, the user's threshold (shown before a start
 * is refused), today's start and end. Nothing but `active: false` while time attendance is off.
 */
export async function myWorkingDay(ctx: AppContext, p: Principal, now: Date = new Date()) {
  const rules = await routeRules(ctx, p.orgId);
  if (!rules.attendance_enabled) return { active: false as const };
  const day = todayIn(rules.timezone, now);
  const threshold = await thresholdFor(ctx, p.orgId, p.userId, rules.attendance_start_threshold);
  const [row] = await attendanceRepo.days(ctx.db, p.orgId, day, day, p.userId);
  const clock = minutesOfDay(formatInstantTime(now, rules.timezone))!;
  return {
    active: true as const,
    day,
    threshold,
    beforeThreshold: clock < minutesOfDay(threshold)!,
    startedAt: row?.started_at ?? null,
    endedAt: row?.ended_at ?? null,
    late: row?.late ?? false,
    timeZone: rules.timezone,
  };
}
