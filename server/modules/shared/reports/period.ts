import {
  addDays,
  addMonths,
  formatInstantDate,
  monthRange,
  startOfDayIn,
  startOfWeek,
  weekRange,
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

/**
 * The days of a window, both ends inclusive, for `today` (the organisation's local date). Windows that contain
 * today end today (no future days); "previous" windows are whole: the previous week is Sunday to Saturday, the
 * previous seven days are the seven days before today, the previous three months are the three whole months
 * before this one.
 */
export function windowOn(window: TimeWindow, today: string): { from: string; to: string } {
  const weekAgo = (n: number) => weekRange(addDays(today, -7 * n));
  const month = monthRange(today);
  switch (window) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case "this_week":
      return { from: startOfWeek(today), to: today };
    case "previous_week":
      return weekAgo(1);
    case "previous_7_days":
      return { from: addDays(today, -7), to: addDays(today, -1) };
    case "two_weeks_ago":
      return weekAgo(2);
    case "three_weeks_ago":
      return weekAgo(3);
    case "this_month":
      return { from: month.from, to: today };
    case "previous_month":
      return monthRange(addMonths(month.from, -1));
    case "previous_3_months":
      return { from: addMonths(month.from, -3), to: addDays(month.from, -1) };
  }
}

/** The days a window covers, seen from `now` in the zone. "this week/month" run to today. */
export function windowDays(
  window: TimeWindow,
  timeZone: string,
  now: Date | number = Date.now(),
): { from: string; to: string } {
  return windowOn(window, formatInstantDate(now, timeZone));
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
