import type { OutgoingMail } from "../../server/mail/mailer";
import { emailText } from "./email-text";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fillWith = (vars: Record<string, string>) => (s: string) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");

export interface ReportMail {
  to: string;
  language: "al" | "en";
  scheduleName: string;
  reportTitle: string;
  from: string;
  to_: string;
  rowCount: number;
  /** the totals row as label → formatted value */
  totals: Array<[string, string]>;
  archiveUrl: string;
  pdf: { filename: string; content: Buffer };
  xlsx: { filename: string; content: Buffer };
}

/** A scheduled report: an HTML summary (rows and totals) with the PDF and the Excel file attached. */
export function reportEmail(m: ReportMail): OutgoingMail {
  const t = emailText(m.language, "report");
  const fill = fillWith({ report: m.reportTitle, schedule: m.scheduleName, from: m.from, to: m.to_ });
  const rows: Array<[string, string]> = [[t.rows, String(m.rowCount)], ...m.totals];
  const text = [
    fill(t.intro),
    "",
    ...(m.rowCount ? rows.map(([k, v]) => `${k}: ${v}`) : [t.empty]),
    "",
    `${t.open}: ${m.archiveUrl}`,
    "",
    t.footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2933">
<h2 style="margin:0 0 8px">${escape(fill(t.heading))}</h2>
<p>${escape(fill(t.intro))}</p>
${m.rowCount ? `<table style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#61707c">${escape(k)}</th><td style="padding:4px 0">${escape(v)}</td></tr>`).join("")}</table>` : `<p>${escape(t.empty)}</p>`}
<p><a href="${escape(m.archiveUrl)}">${escape(t.open)}</a></p>
<p style="color:#61707c;font-size:12px">${escape(t.footer)}</p></body></html>`;
  return {
    to: m.to,
    subject: fill(t.subject),
    text,
    html,
    attachments: [
      { filename: m.pdf.filename, content: m.pdf.content, contentType: "application/pdf" },
      {
        filename: m.xlsx.filename,
        content: m.xlsx.content,
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
    ],
  };
}
