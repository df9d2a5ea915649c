import type { OutgoingMail } from "../../server/mail/mailer";
import al from "../../locales/al/webhooks.json" with { type: "json" };
import en from "../../locales/en/webhooks.json" with { type: "json" };

export interface WebhookDisabledMail {
  to: string;
  name: string;
  language: "al" | "en";
  url: string;
  /** the webhook's delivery log */
  link: string;
  lastError: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** To the webhook's creator when a day of failed deliveries has switched it off. */
export function webhookDisabledEmail(m: WebhookDisabledMail): OutgoingMail {
  const t = (m.language === "en" ? en : al).mail;
  const vars: Record<string, string> = { name: m.name, url: m.url, error: m.lastError };
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");
  const text = [fill(t.greeting), "", fill(t.body), "", fill(t.lastError), "", `${t.linkLabel}: ${m.link}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933">
<p>${escape(fill(t.greeting))}</p><p>${escape(fill(t.body))}</p><p>${escape(fill(t.lastError))}</p>
<p><a href="${escape(m.link)}">${escape(t.linkLabel)}</a></p></body></html>`;
  return { to: m.to, subject: fill(t.subject), text, html };
}
