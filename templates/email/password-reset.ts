import type { OutgoingMail } from "../../server/mail/mailer";
import { emailText } from "./email-text";

export interface PasswordResetMail {
  to: string;
  name: string;
  code: string;
  language: "al" | "en";
  link: string;
  minutes: number;
  /** "welcome": the first password of a new account (another text, a longer validity); else a reset */
  purpose?: "reset" | "welcome";
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function passwordResetEmail(job: PasswordResetMail): OutgoingMail {
  const t = emailText(job.language, job.purpose === "welcome" ? "passwordWelcome" : "passwordReset");
  const vars = {
    name: job.name,
    code: job.code,
    minutes: String(job.minutes),
    hours: String(Math.round(job.minutes / 60)),
  };
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k as keyof typeof vars] ?? "");
  const text = [
    fill(t.greeting),
    "",
    fill(t.body),
    "",
    job.code,
    "",
    fill(t.expiry),
    "",
    `${t.linkLabel}: ${job.link}`,
    "",
    t.ignore,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933">
<p>${escape(fill(t.greeting))}</p><p>${escape(fill(t.body))}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:700">${escape(job.code)}</p>
<p>${escape(fill(t.expiry))}</p>
<p><a href="${escape(job.link)}">${escape(t.linkLabel)}</a></p>
<p style="color:#61707c">${escape(t.ignore)}</p></body></html>`;
  return { to: job.to, subject: fill(t.subject), text, html };
}
