import type { TFunction } from "i18next";
import type { AlertType } from "../../../../../server/modules/alerts/alerts.schema";

/** Week days as stored: 0 = Sunday … 6 = Saturday; the week starts on Sunday (spec section 9). */
export const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** A list of names, or "all"/"any" text when empty, plus "and N more" for those the user cannot see. */
export function namesText(t: TFunction, names: string[], hidden: number, empty: string): string {
  if (!names.length && !hidden) return empty;
  const more = hidden ? t("alerts:policies.view.more", { count: hidden }) : "";
  return [names.join(", "), more].filter(Boolean).join(" ");
}

/** The rule in words, e.g. "Speeding over 90 km/h". */
export function ruleText(
  t: TFunction,
  p: {
    alert_type: AlertType;
    speed_limit_kmh: number | null;
    duration_min: number | null;
    alarm_kinds: string[];
    fault_kinds: string[];
    all_geofences: boolean;
  },
  geofences: { names: string[]; hidden: number },
): string {
  const fences = p.all_geofences
    ? t("alerts:policies.view.anyGeofence")
    : namesText(t, geofences.names, geofences.hidden, t("alerts:policies.view.anyGeofence"));
  const alarms = p.alarm_kinds.length
    ? p.alarm_kinds.map((a) => t(`alerts:alarms.${a}`)).join(", ")
    : t("alerts:policies.view.anyAlarm");
  const faults = p.fault_kinds.length
    ? p.fault_kinds.map((x) => t(`alerts:faults.${x}`)).join(", ")
    : t("alerts:policies.view.anyFault");
  return t(`alerts:policies.describe.${p.alert_type}`, {
    limit: p.speed_limit_kmh,
    minutes: p.duration_min,
    geofences: fences,
    alarms,
    faults,
  });
}

/** Days and hours in words: "Every day, all day", "Mon, Tue, Wed, 08:00–17:00". */
export function scheduleText(
  t: TFunction,
  p: { days: number[]; time_from: string | null; time_to: string | null },
): string {
  const days =
    p.days.length === 7
      ? t("alerts:policies.view.everyDay")
      : [...p.days]
          .sort()
          .map((d) => t(`alerts:policies.days.${d}`))
          .join(", ");
  const hours = p.time_from && p.time_to ? `${p.time_from}–${p.time_to}` : t("alerts:policies.view.allDay");
  return `${days}, ${hours}`;
}

/** One alert's details in words, from the shared summary texts. */
export function alertSummary(
  t: TFunction,
  a: { alert_type: string; place_name: string | null; details: Record<string, unknown> },
): string {
  const d = a.details;
  return t(`alerts:summary.${a.alert_type}`, {
    ...d,
    place: a.place_name ?? "",
    fault: d.fault ? t(`alerts:faults.${String(d.fault)}`) : "",
    alarm: d.alarm ? t(`alerts:alarms.${String(d.alarm)}`) : "",
    job: d.job_name ?? "",
    arrival: d.scheduled_arrival ?? "",
    eta: d.eta ?? "",
    departure: d.scheduled_departure ?? "",
  });
}
