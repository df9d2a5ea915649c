import type { TFunction } from "i18next";
import { formatInstant } from "../../../lib/dates";

/** What a log row, a CSV line or a live notice needs to be put into words. */
export interface AlertWords {
  alertType: string;
  details: Record<string, unknown> | null | undefined;
  placeName?: string | null;
}

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const rounded = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(Math.round(v)) : text(v));

/** The alert type's label ("Speeding"), falling back to the raw code for a type this build does not know. */
export const alertTypeLabel = (t: TFunction, type: string) => t(`alerts:types.${type}`, { defaultValue: type });

/** The summary sentence of `alerts:summary.<type>` filled from the alert's details (speed, limit, place, minutes, fault, alarm, route job). */
export function alertSummary(t: TFunction, a: AlertWords): string {
  const d = a.details ?? {};
  const fault = text(d.fault);
  const alarm = text(d.alarm);
  return t(`alerts:summary.${a.alertType}`, {
    defaultValue: "",
    speed: rounded(d.speed),
    limit: rounded(d.limit),
    minutes: rounded(d.minutes),
    place: text(a.placeName ?? d.place) || t("common:none"),
    fault: fault ? t(`alerts:faults.${fault}`, { defaultValue: fault }) : "",
    alarm: alarm ? t(`alerts:alarms.${alarm}`, { defaultValue: alarm }) : "",
    job: text(d.job_name),
    arrival: text(d.scheduled_arrival),
    eta: text(d.eta),
    departure: text(d.scheduled_departure),
  });
}

/** "YYYY-MM-DD HH:mm" in the organisation's time zone (spec section 9). */
export const formatAlertTime = (iso: string | Date, timeZone: string) => formatInstant(iso, timeZone);

export const REPLAY_WINDOW_MS = 15 * 60_000;

/** /replay for the vehicle, 15 minutes either side of the alert (its from/to are "YYYY-MM-DD HH:mm" in the zone, as the replay form writes them). */
export function replayHref(vehicleId: string, occurredAt: string | Date, timeZone: string): string {
  const at = new Date(occurredAt).getTime();
  const q = new URLSearchParams({
    vehicle: vehicleId,
    from: formatInstant(at - REPLAY_WINDOW_MS, timeZone),
    to: formatInstant(at + REPLAY_WINDOW_MS, timeZone),
  });
  return `/replay?${q}`;
}
