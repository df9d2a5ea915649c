function parts(date: Date, timeZone: string) {
  const fmt = new Intl.DateTimeFormat("en-GB", {
    timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
  });
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** "YYYY-MM-DD HH:mm:ss" in the organisation's time zone: the same text on the server and in the browser. */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const p = parts(d, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Value for an <input type="datetime-local"> showing `date` in the time zone. */
export function toLocalInput(date: Date, timeZone: string): string {
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The instant a wall-clock time ("YYYY-MM-DDTHH:mm") names in the time zone; null when unreadable. */
export function fromLocalInput(value: string | null | undefined, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value ?? "");
  if (!m) return null;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0));
  if (Number.isNaN(asUtc)) return null;
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const p = parts(new Date(guess), timeZone);
    const shown = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
    guess += asUtc - shown;
  }
  return new Date(guess);
}

/** Today from 00:00 to now, as datetime-local values in the time zone (the replay's default period). */
export function todayPeriod(now: Date, timeZone: string): { from: string; to: string } {
  const to = toLocalInput(now, timeZone);
  return { from: `${to.slice(0, 10)}T00:00`, to };
}

/** "HH:mm" (or "MM-DD HH:mm" when `withDate`) in the time zone, for chart axes. */
export function formatClock(ms: number, timeZone: string, withDate = false): string {
  const p = parts(new Date(ms), timeZone);
  return withDate ? `${p.month}-${p.day} ${p.hour}:${p.minute}` : `${p.hour}:${p.minute}`;
}
