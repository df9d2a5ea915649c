import { addDays, todayIn } from "../../server/shared/dates";

/**
 * Days relative to the day the tests run, so no test rots with the calendar (issue 51): a fixed date that was in the
 * future when written is in the past a month later, and one within the retention window falls out of it a year later.
 * `scripts/test-future-clock.sh` runs the suite with the clock moved ahead to find any that is left.
 */
export const dayFromToday = (days: number, timeZone = "UTC") => addDays(todayIn(timeZone), days);

/** Midnight UTC of a day relative to today, plus `hours`, as milliseconds (a fixed hour on a day that moves). */
export const utcDayFromToday = (days: number, hours = 0) =>
  Date.parse(`${dayFromToday(days)}T00:00:00Z`) + hours * 3600_000;
