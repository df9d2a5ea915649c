/**
 * The alert engine's local calendar and clock in an IANA time zone: `localParts` caches per minute because
 * formatting is the engine's most expensive step. General date work lives in server/shared/dates.ts.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timezone, f);
  }
  return f;
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  /** minutes since local midnight */
  minutes: number;
  seconds: number;
}

/** Formatting is the engine's most expensive step; positions of one minute share the result. */
const byMinute = new Map<string, Omit<LocalParts, "seconds">>();

export function localParts(ms: number, timezone: string): LocalParts {
  const minute = Math.floor(ms / 60_000);
  const key = `${timezone}|${minute}`;
  const hit = byMinute.get(key);
  if (hit) return { ...hit, seconds: Math.floor((ms - minute * 60_000) / 1000) };
  const parts: Record<string, string> = {};
  for (const p of formatter(timezone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  const out = {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS[parts.weekday] ?? 0,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
  if (byMinute.size > 50_000) byMinute.clear();
  byMinute.set(key, out);
  return out;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The local calendar day, YYYY-MM-DD. */
export function localDay(ms: number, timezone: string): string {
  const p = localParts(ms, timezone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant local midnight starts `day` (YYYY-MM-DD) in the zone; calendar steps come from the shared dates library. */
export { startOfDayIn as zonedMidnight, addDays } from "./dates";

/** "HH:MM[:SS]" → minutes since midnight. */
export const clockMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
