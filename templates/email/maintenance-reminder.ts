import al from "../../locales/al/maintenance.json" with { type: "json" };
import en from "../../locales/en/maintenance.json" with { type: "json" };
import type { OutgoingMail } from "../../server/mail/mailer";

const texts = { al, en } as const;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fill = (s: string, vars: Record<string, string>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");

export interface ReminderMail {
  to: string;
  language: "al" | "en";
  stage: "due_soon" | "due" | "overdue";
  name: string;
  vehicle: string;
  dueDate: string | null;
  dueKm: number | null;
  odometerKm: number;
  /** engine hours the service is due at, and the current ones */
  dueHours?: number | null;
  engineHours?: number | null;
  url: string;
}

/** A service reminder e-mail in the recipient's language: what is due, for which vehicle, by date, km and/or engine hours. */
export function reminderEmail(m: ReminderMail): OutgoingMail {
  const l = texts[m.language] ?? texts.al;
  const stage = l.status[m.stage].toLowerCase();
  const vars = {
    stage,
    name: m.name,
    vehicle: m.vehicle,
    date: m.dueDate ?? "",
    km: String(m.dueKm ?? ""),
    odometer: String(Math.round(m.odometerKm)),
    hours: String(m.dueHours ?? ""),
    engineHours: String(m.engineHours ?? 0),
  };
  const lines = [
    fill(l.email.body, vars),
    ...(m.dueDate ? [fill(l.email.dueDate, vars)] : []),
    ...(m.dueKm !== null ? [fill(l.email.dueKm, vars)] : []),
    ...(m.dueHours != null ? [fill(l.email.dueHours, vars)] : []),
  ];
  return {
    to: m.to,
    subject: fill(l.email.subject, vars),
    text: [...lines, "", `${l.email.open}: ${m.url}`].join("\n"),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933">${lines.map((x) => `<p>${escape(x)}</p>`).join("")}<p><a href="${escape(m.url)}">${escape(l.email.open)}</a></p></body></html>`,
  };
}
