import al from "../../locales/al/carSharing.json" with { type: "json" };
import en from "../../locales/en/carSharing.json" with { type: "json" };
import type { OutgoingMail } from "../../server/mail/mailer";

export interface BookingReminderMail {
  to: string;
  language: "al" | "en";
  name: string;
  /** the booking's user, when the recipient is a passenger */
  driver: string | null;
  vehicle: string;
  start: string;
  end: string;
  destination: string;
  link: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reminder before a booking starts, in the recipient's language. */
export function bookingReminderEmail(m: BookingReminderMail): OutgoingMail {
  const t = (m.language === "en" ? en : al).reminder;
  const vars: Record<string, string> = {
    name: m.name,
    driver: m.driver ?? "",
    vehicle: m.vehicle,
    start: m.start,
    end: m.end,
    destination: m.destination,
  };
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");
  const body = fill(m.driver ? t.passengerBody : t.body);
  const text = [fill(t.greeting), "", body, "", `${t.link}: ${m.link}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933">
<p>${escape(fill(t.greeting))}</p><p>${escape(body)}</p><p><a href="${escape(m.link)}">${escape(t.link)}</a></p></body></html>`;
  return { to: m.to, subject: fill(t.subject), text, html };
}
