import alertsAl from "../../locales/al/alerts.json" with { type: "json" };
import alertsEn from "../../locales/en/alerts.json" with { type: "json" };
import type { OutgoingMail } from "../../server/mail/mailer";
import { formatAddress } from "../../server/shared/address-text";
import { emailText } from "./email-text";

const labels = { al: alertsAl, en: alertsEn } as const;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fillWith = (vars: Record<string, string>) => (s: string) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");

export interface AlertMail {
  to: string;
  language: "al" | "en";
  type: string;
  policyName: string;
  vehicleName: string;
  driverName: string | null;
  /** local time in the organisation's zone, YYYY-MM-DD HH:mm */
  time: string;
  placeName: string | null;
  /** the address value of where it happened (addresses module), written out in the recipient's language */
  address?: string | null;
  details: Record<string, unknown>;
  lat: number | null;
  lon: number | null;
  mapUrl: string;
  logUrl: string;
}

type Labels = typeof alertsEn;

/** The one-line description of an alert, in the recipient's language (same wording as the log). */
export function alertSummary(
  language: "al" | "en",
  type: string,
  details: Record<string, unknown>,
  placeName: string | null,
): string {
  const l = labels[language] as Labels;
  const lookup = (group: Record<string, string>, key: unknown) =>
    (typeof key === "string" && group[key]) || String(key ?? "");
  const vars: Record<string, string> = {
    speed: String(details.speed ?? ""),
    limit: String(details.limit ?? ""),
    minutes: String(details.minutes ?? ""),
    place: placeName ?? "",
    fault: lookup(l.faults, details.fault),
    alarm: lookup(l.alarms, details.alarm),
    job: String(details.job_name ?? ""),
    arrival: String(details.scheduled_arrival ?? ""),
    eta: String(details.eta ?? ""),
    departure: String(details.scheduled_departure ?? ""),
  };
  return fillWith(vars)((l.summary as Record<string, string>)[type] ?? type);
}

export function alertEmail(m: AlertMail): OutgoingMail {
  const t = emailText(m.language, "alert");
  const typeLabel = (labels[m.language].types as Record<string, string>)[m.type] ?? m.type;
  const fill = fillWith({ type: typeLabel, vehicle: m.vehicleName, policy: m.policyName });
  const summary = alertSummary(m.language, m.type, m.details, m.placeName);
  const rows: Array<[string, string]> = [
    [t.vehicle, m.vehicleName],
    ...(m.driverName ? ([[t.driver, m.driverName]] as Array<[string, string]>) : []),
    [t.time, m.time],
    [t.what, summary],
    ...(m.placeName ? ([[t.place, m.placeName]] as Array<[string, string]>) : []),
    ...(m.address ? ([[t.address, formatAddress(m.address, m.language)]] as Array<[string, string]>) : []),
    ...(m.lat !== null && m.lon !== null
      ? ([[t.location, `${m.lat.toFixed(5)}, ${m.lon.toFixed(5)}`]] as Array<[string, string]>)
      : []),
    [t.policy, m.policyName],
  ];
  const text = [
    fill(t.intro),
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    `${t.openMap}: ${m.mapUrl}`,
    `${t.openLog}: ${m.logUrl}`,
    "",
    t.footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933">
<h2 style="margin:0 0 8px">${escape(fill(t.heading))} – ${escape(m.vehicleName)}</h2>
<p>${escape(fill(t.intro))}</p>
<table style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#61707c">${escape(k)}</th><td style="padding:4px 0">${escape(v)}</td></tr>`).join("")}</table>
<p><a href="${escape(m.mapUrl)}">${escape(t.openMap)}</a> · <a href="${escape(m.logUrl)}">${escape(t.openLog)}</a></p>
<p style="color:#61707c;font-size:12px">${escape(t.footer)}</p></body></html>`;
  return { to: m.to, subject: fill(t.subject), text, html };
}
