import { distanceM } from "../../shared/geometry";
import { minutesOfDay, weekday, addDays, zonedInstant } from "../../shared/dates";
import { MAX_OCCURRENCES } from "./route-planning.schema";

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string) => (weekday(date) === 0 ? 7 : weekday(date));

/**
 * The days a recurrence covers: every date from `first` to `until` on one of `days` (or `first` alone without
 * days), plus the explicit dates; sorted, without repeats. Null when it would exceed MAX_OCCURRENCES.
 */
export function occurrences(
  first: string,
  days: readonly number[],
  until: string | null,
  dates: readonly string[],
): string[] | null {
  const out = new Set<string>(dates);
  if (!days.length) out.add(first);
  else if (until) {
    for (let d = first; d <= until; d = addDays(d, 1)) {
      if (days.includes(isoWeekday(d))) out.add(d);
      if (out.size > MAX_OCCURRENCES) return null;
    }
  }
  return out.size > MAX_OCCURRENCES ? null : [...out].sort();
}

/** Whole metres between a position and a job's point. */
export const metresTo = (job: { latitude: number; longitude: number }, lat: number, lon: number) =>
  Math.round(distanceM([lon, lat], [job.longitude, job.latitude]));

export type Punctuality = "on_time" | "late" | "missed" | "pending";

/**
 * A job against its schedule. Late: arrived (or still not arrived) more than `graceMin` after the scheduled
 * arrival. Missed: not arrived by the scheduled departure. Pending: not due yet.
 */
export function punctuality(
  job: {
    scheduled_date: string;
    scheduled_arrival: string;
    scheduled_departure: string;
    arrived_at: Date | null;
    status: string;
  },
  timeZone: string,
  graceMin: number,
  now: Date = new Date(),
): Punctuality {
  const due =
    zonedInstant(job.scheduled_date, job.scheduled_arrival.slice(0, 5), timeZone).getTime() + graceMin * 60_000;
  const end = zonedInstant(job.scheduled_date, job.scheduled_departure.slice(0, 5), timeZone).getTime();
  if (job.arrived_at) return job.arrived_at.getTime() > due ? "late" : "on_time";
  if (now.getTime() > end) return "missed";
  return now.getTime() > due ? "late" : "pending";
}

/** Seconds since local midnight of "HH:mm[:ss]" (the optimiser's time windows). */
export const secondsOfDay = (time: string) => (minutesOfDay(time.slice(0, 5)) ?? 0) * 60;

/** "HH:mm:ss" of seconds since local midnight (the optimiser's arrivals), rounded to the minute, within the day. */
export function timeOfDay(seconds: number): string {
  const m = Math.min(24 * 60 - 1, Math.max(0, Math.round(seconds / 60)));
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}:00`;
}
