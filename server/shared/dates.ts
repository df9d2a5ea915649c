/**
 * Dates and times as the specification writes them (section 9): YYYY-MM-DD, 24-hour HH:mm, weeks from Sunday.
 * Pure and dependency-free, so the browser bundle, the pages, the API, the jobs and the e-mails share it
 * (the web side imports it through app/lib/dates.ts). Calendar days and clock times are plain strings;
 * instants are Date objects, turned into wall-clock text only in an IANA time zone (the organisation's).
 * See docs/dates.md.
 */

export const DATE_FORMAT = "YYYY-MM-DD";
export const TIME_FORMAT = "HH:mm";
export const DATE_TIME_FORMAT = "YYYY-MM-DD HH:mm";
/** Spec section 9: the week starts on Sunday (0 = Sunday … 6 = Saturday, like Date#getUTCDay). */
export const WEEK_START = 0;

/** HTML `pattern` attributes (anchored by the browser) and the placeholders shown in the fields. */
export const DATE_PATTERN = "\\d{4}-\\d{2}-\\d{2}";
export const TIME_PATTERN = "([01]\\d|2[0-3]):[0-5]\\d";
export const DATE_TIME_PATTERN = `${DATE_PATTERN}[ T]${TIME_PATTERN}`;

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

export interface ClockTime {
  hour: number;
  minute: number;
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const pad4 = (n: number) => String(n).padStart(4, "0");

export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Days in a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** "YYYY-MM-DD" → its parts; null for anything else, including days that do not exist (2026-02-30). */
export function parseDate(text: string | null | undefined): CalendarDate | null {
  const m = DATE_RE.exec(text?.trim() ?? "");
  if (!m) return null;
  const year = +m[1],
    month = +m[2],
    day = +m[3];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export const isDate = (text: string | null | undefined): boolean => parseDate(text) !== null;

export function formatDate(d: CalendarDate): string {
  return `${pad4(d.year)}-${pad2(d.month)}-${pad2(d.day)}`;
}

/**
 * "HH:mm" (24-hour) → its parts; null otherwise. `allowSeconds` also reads PostgreSQL's "HH:mm:ss"
 * (time columns), whose seconds are dropped.
 */
export function parseTime(text: string | null | undefined, allowSeconds = false): ClockTime | null {
  const m = TIME_RE.exec(text?.trim() ?? "");
  if (!m || (m[3] !== undefined && !allowSeconds)) return null;
  return { hour: +m[1], minute: +m[2] };
}

export const isTime = (text: string | null | undefined): boolean => parseTime(text) !== null;

export const formatTime = (t: ClockTime): string => `${pad2(t.hour)}:${pad2(t.minute)}`;

/** A stored time ("10:00:00") as the field shows it ("10:00"); "" when there is none. */
export const timeForField = (value: string | null | undefined): string => {
  const t = parseTime(value, true);
  return t ? formatTime(t) : "";
};

/** Minutes since midnight of "HH:mm[:ss]"; null when unreadable. */
export function minutesOfDay(text: string): number | null {
  const t = parseTime(text, true);
  return t ? t.hour * 60 + t.minute : null;
}

/**
 * "YYYY-MM-DD HH:mm" → date and time text. Also reads "YYYY-MM-DDTHH:mm" (the datetime-local form, still in
 * links sent by older e-mails) so those keep working.
 */
export function parseDateTime(text: string | null | undefined): { date: string; time: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(text?.trim() ?? "");
  if (!m || !isDate(m[1]) || !isTime(m[2])) return null;
  return { date: m[1], time: m[2] };
}

export const isDateTime = (text: string | null | undefined): boolean => parseDateTime(text) !== null;

export const joinDateTime = (date: string, time: string): string => `${date} ${time}`;

/**
 * What a person typed, tidied towards the format when it is unambiguous: "2026-1-5" → "2026-01-05",
 * "2026/01/05" → "2026-01-05". Returns the input unchanged when it cannot be read (the validator then says why).
 */
export function normalizeDateInput(text: string): string {
  const m = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*$/.exec(text);
  if (!m) return text.trim();
  const d = { year: +m[1], month: +m[2], day: +m[3] };
  const out = formatDate(d);
  return isDate(out) ? out : text.trim();
}

/** "930", "0930", "9:30", "9.30" → "09:30"; unchanged when it cannot be read. */
export function normalizeTimeInput(text: string): string {
  const m = /^\s*(\d{1,2})[:.h]?(\d{2})\s*$/.exec(text);
  if (!m) return text.trim();
  const out = formatTime({ hour: +m[1], minute: +m[2] });
  return isTime(out) ? out : text.trim();
}

/** "2026-1-5 930" and friends → "2026-01-05 09:30"; unchanged when it cannot be read. */
export function normalizeDateTimeInput(text: string): string {
  const m = /^\s*(\S+)(?:\s+|T)(\S+)\s*$/.exec(text);
  if (!m) return normalizeDateInput(text);
  return `${normalizeDateInput(m[1])} ${normalizeTimeInput(m[2])}`;
}

// ---- Calendar arithmetic on "YYYY-MM-DD" strings (no time zone involved) ----

const toUtcMs = (d: CalendarDate) => Date.UTC(d.year, d.month - 1, d.day);
const fromUtcMs = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function requireDate(text: string): CalendarDate {
  const d = parseDate(text);
  if (!d) throw new RangeError(`Not a date (YYYY-MM-DD): ${text}`);
  return d;
}

/** Adds whole days (negative to go back). */
export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(requireDate(date)) + days * 86_400_000);
}

/** Adds whole months, keeping the day where the month has it, else its last day (2026-01-31 + 1 → 2026-02-28). */
export function addMonths(date: string, months: number): string {
  const d = requireDate(date);
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12),
    month = (index % 12) + 1;
  return formatDate({ year, month, day: Math.min(d.day, daysInMonth(year, month)) });
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(requireDate(to)) - toUtcMs(requireDate(from))) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(toUtcMs(requireDate(date))).getUTCDay();
}

/** The Sunday on or before the date (the first day of its week). */
export function startOfWeek(date: string): string {
  return addDays(date, -((weekday(date) - WEEK_START + 7) % 7));
}

/** The week holding the date: Sunday to Saturday, both inclusive. */
export function weekRange(date: string): { from: string; to: string } {
  const from = startOfWeek(date);
  return { from, to: addDays(from, 6) };
}

/** The month holding the date: its first to its last day. */
export function monthRange(date: string): { from: string; to: string } {
  const d = requireDate(date);
  return { from: formatDate({ ...d, day: 1 }), to: formatDate({ ...d, day: daysInMonth(d.year, d.month) }) };
}

export interface GridDay {
  date: string;
  /** the day belongs to the shown month (not a leading or trailing day of a neighbour) */
  inMonth: boolean;
  /** 0 = Sunday … 6 = Saturday: the column */
  weekday: number;
}

/**
 * The weeks a calendar shows for a month (1–12): rows of seven days, Sunday to Saturday, from the Sunday
 * on or before the 1st to the Saturday on or after the last day (4 to 6 rows).
 */
export function monthGrid(year: number, month: number): GridDay[][] {
  const first = formatDate({ year, month, day: 1 });
  const last = formatDate({ year, month, day: daysInMonth(year, month) });
  const weeks: GridDay[][] = [];
  for (let start = startOfWeek(first); start <= last; start = addDays(start, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const date = addDays(start, i);
        return { date, inMonth: date.slice(0, 7) === first.slice(0, 7), weekday: (WEEK_START + i) % 7 };
      }),
    );
  }
  return weeks;
}

// ---- Instants in an IANA time zone ----

export interface ZonedParts extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Only numbers are read back from this formatter, so its locale never reaches the screen.
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when the runtime knows the IANA zone name. */
export function isTimeZone(timeZone: string): boolean {
  try {
    zoneFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

const asMs = (instant: Date | number | string) =>
  instant instanceof Date ? instant.getTime() : typeof instant === "number" ? instant : Date.parse(instant);

/**
 * The zone's offset from UTC at an instant, asked of Intl once per zone and quarter hour (every zone changes
 * its offset on a quarter hour): exports format hundreds of thousands of instants, and formatToParts is slow.
 */
const OFFSET_BUCKET_MS = 900_000;
const offsets = new Map<string, number>();
function zoneOffsetMs(ms: number, timeZone: string): number {
  const bucket = Math.floor(ms / OFFSET_BUCKET_MS);
  const key = `${timeZone}|${bucket}`;
  let off = offsets.get(key);
  if (off === undefined) {
    const at = bucket * OFFSET_BUCKET_MS;
    const p: Record<string, string> = {};
    for (const part of zoneFormatter(timeZone).formatToParts(new Date(at))) p[part.type] = part.value;
    off = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour % 24, +p.minute, +p.second) - at;
    if (offsets.size >= 50_000) offsets.clear();
    offsets.set(key, off);
  }
  return off;
}

/** The wall clock and calendar of an instant in a zone. */
export function zonedParts(instant: Date | number | string, timeZone: string): ZonedParts {
  const ms = asMs(instant);
  const local = new Date(ms + zoneOffsetMs(ms, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay(),
  };
}

const readable = (instant: Date | number | string | null | undefined): instant is Date | number | string =>
  instant !== null && instant !== undefined && instant !== "" && !Number.isNaN(asMs(instant));

/** "YYYY-MM-DD" of an instant in the zone; "" for a missing or unreadable one. */
export function formatInstantDate(instant: Date | number | string | null | undefined, timeZone: string): string {
  return readable(instant) ? formatDate(zonedParts(instant, timeZone)) : "";
}

/** "HH:mm" (or "HH:mm:ss") of an instant in the zone; "" for a missing or unreadable one. */
export function formatInstantTime(
  instant: Date | number | string | null | undefined,
  timeZone: string,
  seconds = false,
): string {
  if (!readable(instant)) return "";
  const p = zonedParts(instant, timeZone);
  return seconds ? `${formatTime(p)}:${pad2(p.second)}` : formatTime(p);
}

/** "YYYY-MM-DD HH:mm" (or with ":ss") of an instant in the zone; "" for a missing or unreadable one. */
export function formatInstant(
  instant: Date | number | string | null | undefined,
  timeZone: string,
  opts: { seconds?: boolean } = {},
): string {
  if (!readable(instant)) return "";
  return `${formatInstantDate(instant, timeZone)} ${formatInstantTime(instant, timeZone, opts.seconds)}`;
}

/** Today's date in the zone. */
export const todayIn = (timeZone: string, now: Date | number = Date.now()): string => formatInstantDate(now, timeZone);

/**
 * The instant a wall-clock date and time name in the zone. A time the clocks skip (the spring-forward hour)
 * moves forward by the gap (02:30 → 03:30 in Europe/Tirane); a time that happens twice (the autumn hour)
 * is its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const d = requireDate(date);
  const t = parseTime(time, true);
  if (!t) throw new RangeError(`Not a time (HH:mm): ${time}`);
  const wall = Date.UTC(d.year, d.month - 1, d.day, t.hour, t.minute);
  const offsetAt = (ms: number) => {
    const p = zonedParts(ms, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
  };
  // The offsets three hours either side of the instant bracket a transition there (clocks move by at most two hours).
  const near = wall - offsetAt(wall);
  const before = offsetAt(near - 3 * 3_600_000);
  const after = offsetAt(near + 3 * 3_600_000);
  const candidates = [wall - before, wall - after].sort((a, b) => a - b);
  for (const c of candidates) if (wall - offsetAt(c) === c) return new Date(c);
  // The wall time does not exist: it is in the gap; the clock reads `wall` shifted by the gap's length.
  return new Date(wall - before);
}

/** The instant a day starts in the zone (its local midnight, or the first minute after a midnight gap). */
export const startOfDayIn = (date: string, timeZone: string): Date => zonedInstant(date, "00:00", timeZone);

/** "YYYY-MM-DD HH:mm" (or "…THH:mm") in the zone → the instant; null when unreadable. */
export function parseZonedDateTime(text: string | null | undefined, timeZone: string): Date | null {
  const dt = parseDateTime(text);
  return dt ? zonedInstant(dt.date, dt.time, timeZone) : null;
}
