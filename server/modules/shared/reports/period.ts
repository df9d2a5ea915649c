import {
  addDays,
  formatInstantDate,
  startOfDayIn,
  timeWindow,
  type TimeWindow as SharedWindow,
} from "../../../shared/dates";

/** Spec section 9: the dashboard's time windows (weeks start on Sunday). */
export const TIME_WINDOWS = [
  "today",
  "yesterday",
  "this_week",
  "previous_week",
  "previous_7_days",
  "two_weeks_ago",
  "three_weeks_ago",
  "this_month",
  "previous_month",
  "previous_3_months",
] as const;
export type TimeWindow = (typeof TIME_WINDOWS)[number];

/** A report period: local calendar days (both inclusive) in the organisation's zone, and the instants they cover. */
export interface Period {
  from: string;
  to: string;
  timeZone: string;
  /** local midnight starting `from` */
  start: Date;
  /** local midnight after `to` (exclusive) */
  end: Date;
}

export function periodOf(from: string, to: string, timeZone: string): Period {
  return { from, to, timeZone, start: startOfDayIn(from, timeZone), end: startOfDayIn(addDays(to, 1), timeZone) };
}

/** The shared definition of each window (server/shared/dates.ts#timeWindow), under the names stored here. */
const SHARED_NAME: Record<TimeWindow, SharedWindow> = {
  today: "today",
  yesterday: "yesterday",
  this_week: "thisWeek",
  previous_week: "previousWeek",
  previous_7_days: "previousSevenDays",
  two_weeks_ago: "twoWeeksAgo",
  three_weeks_ago: "threeWeeksAgo",
  this_month: "thisMonth",
  previous_month: "previousMonth",
  previous_3_months: "previousThreeMonths",
};

/** The days a window covers, seen from `now` in the zone. "this week/month" run to today. */
export function windowDays(
  window: TimeWindow,
  timeZone: string,
  now: Date | number = Date.now(),
): { from: string; to: string } {
  return timeWindow(SHARED_NAME[window], formatInstantDate(now, timeZone));
}

export const windowPeriod = (window: TimeWindow, timeZone: string, now: Date | number = Date.now()): Period => {
  const { from, to } = windowDays(window, timeZone, now);
  return periodOf(from, to, timeZone);
};

/** The local days of a period, in order. */
export function daysOf(p: Pick<Period, "from" | "to">): string[] {
  const out: string[] = [];
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Each local day's instants [start, end): 23, 24 or 25 hours long. */
export function dayBounds(day: string, timeZone: string): { start: number; end: number } {
  return { start: startOfDayIn(day, timeZone).getTime(), end: startOfDayIn(addDays(day, 1), timeZone).getTime() };
}
