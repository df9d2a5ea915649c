import { addDays, addMonths, formatInstantDate, weekday, zonedInstant } from "../../../shared/dates";
import { windowDays, type TimeWindow } from "../../shared/reports/period";

/** The periods a report e-mail can cover: the windows that have ended by the time it is sent. */
export const SCHEDULE_RANGES = [
  "yesterday",
  "previous_week",
  "previous_7_days",
  "previous_month",
  "two_weeks_ago",
  "previous_3_months",
  "today",
  "this_week",
  "this_month",
] as const satisfies readonly TimeWindow[];
export type ScheduleRange = (typeof SCHEDULE_RANGES)[number];

export interface ScheduleTiming {
  hour: number;
  interval: "daily" | "weekly" | "monthly";
  /** weekly: 0 = Sunday … 6 */
  weekday: number | null;
  /** monthly: 1–28 */
  monthDay: number | null;
  timeRange: ScheduleRange;
}

const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;

/** Whether the schedule sends on that local day. */
function sendsOn(t: ScheduleTiming, day: string): boolean {
  if (t.interval === "daily") return true;
  if (t.interval === "weekly") return weekday(day) === (t.weekday ?? 1);
  return Number(day.slice(8, 10)) === (t.monthDay ?? 1);
}

/**
 * The latest send moment at or before `now`: the schedule's hour in the organisation's zone on its latest
 * sending day. After downtime this is the one run to catch up (earlier missed runs are not sent again).
 */
export function latestDue(t: ScheduleTiming, timeZone: string, now: Date): { day: string; at: Date } {
  let day = formatInstantDate(now, timeZone);
  // a monthly schedule looks back at most a month and a bit; weekly a week
  for (let i = 0; i < 40; i++, day = addDays(day, -1)) {
    if (!sendsOn(t, day)) continue;
    const at = zonedInstant(day, hh(t.hour), timeZone);
    if (at.getTime() <= now.getTime()) return { day, at };
  }
  const fallback = addMonths(formatInstantDate(now, timeZone), -2);
  return { day: fallback, at: zonedInstant(fallback, hh(t.hour), timeZone) };
}

/** The days a run sent at `at` covers: its time range seen from that moment. */
export const runPeriod = (t: ScheduleTiming, timeZone: string, at: Date) => windowDays(t.timeRange, timeZone, at);

/** Identifies one run of a schedule: created once, so sent once. */
export const runKey = (scheduleId: string, day: string) => `${scheduleId}:${day}`;
