import { addDays, addMonths, formatInstantDate, monthRange, startOfDayIn, weekRange } from "../../../shared/dates";

/** Spec section 9: the dashboard's time windows (weeks start on Sunday). */
export const TIME_WINDOWS = [
  "today", "yesterday", "this_week", "previous_week", "previous_7_days", "two_weeks_ago", "three_weeks_ago",
  "this_month", "previous_month", "previous_3_months",
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

/** The days a window covers, seen from `now` in the zone. "this week/month" run to today. */
export function windowDays(window: TimeWindow, timeZone: string, now: Date | number = Date.now()): { from: string; to: string } {
  const today = formatInstantDate(now, timeZone);
  const week = weekRange(today);
  const month = monthRange(today);
  switch (window) {
    case "today": return { from: today, to: today };
    case "yesterday": return { from: addDays(today, -1), to: addDays(today, -1) };
    case "this_week": return { from: week.from, to: today };
    case "previous_week": return { from: addDays(week.from, -7), to: addDays(week.from, -1) };
    case "previous_7_days": return { from: addDays(today, -7), to: addDays(today, -1) };
    case "two_weeks_ago": return { from: addDays(week.from, -14), to: addDays(week.from, -8) };
    case "three_weeks_ago": return { from: addDays(week.from, -21), to: addDays(week.from, -15) };
    case "this_month": return { from: month.from, to: today };
    case "previous_month": return monthRange(addMonths(month.from, -1));
    case "previous_3_months": return { from: addMonths(month.from, -3), to: addDays(month.from, -1) };
  }
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
