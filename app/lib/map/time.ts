import { formatInstant, formatInstantTime, parseZonedDateTime, todayIn, zonedParts } from "../dates";

/** "YYYY-MM-DD HH:mm:ss" in the organisation's time zone: the same text on the server and in the browser. */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  return formatInstant(iso, timeZone, { seconds: true });
}

/** The replay field's value ("YYYY-MM-DD HH:mm", see DateTimeField) showing `date` in the time zone. */
export function toLocalInput(date: Date, timeZone: string): string {
  return formatInstant(date, timeZone);
}

/** The instant a wall-clock time ("YYYY-MM-DD HH:mm", or the older "YYYY-MM-DDTHH:mm") names in the time zone; null when unreadable. */
export function fromLocalInput(value: string | null | undefined, timeZone: string): Date | null {
  return parseZonedDateTime(value, timeZone);
}

/** Today from 00:00 to now, as "YYYY-MM-DD HH:mm" values in the time zone (the replay's default period). */
export function todayPeriod(now: Date, timeZone: string): { from: string; to: string } {
  return { from: `${todayIn(timeZone, now)} 00:00`, to: toLocalInput(now, timeZone) };
}

/** "HH:mm" (or "MM-DD HH:mm" when `withDate`) in the time zone, for chart axes. */
export function formatClock(ms: number, timeZone: string, withDate = false): string {
  const p = zonedParts(ms, timeZone);
  const clock = formatInstantTime(ms, timeZone);
  return withDate ? `${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")} ${clock}` : clock;
}
