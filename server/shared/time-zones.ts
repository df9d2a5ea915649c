/** The zone of an organisation that has not chosen one (the demo's, and the database column's default). */
export const DEFAULT_TIME_ZONE = "Europe/Tirane";

/**
 * IANA time zones an organisation may choose (its "today", day boundaries, schedules and reports follow it).
 * The runtime's Intl decides which names exist; a name is stored in the runtime's own spelling
 * ("europe/tirane" → "Europe/Tirane"), and fixed offsets such as "+01:00" are not zones.
 */
export function canonicalTimeZone(value: string): string | null {
  const name = value.trim();
  if (!name || /^[+-]/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

let names: string[] | null = null;

/** Every zone name the runtime offers, sorted (the settings screen's choices), UTC included. */
export function timeZoneNames(): string[] {
  names ??= [...new Set([...Intl.supportedValuesOf("timeZone"), "UTC"])].sort();
  return names;
}
