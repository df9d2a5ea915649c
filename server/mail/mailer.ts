import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "../config";
import { metrics } from "../metrics";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** SMTP when configured; otherwise the message is written to the log so an admin can still read it. */
export function createMailer(config: Config, log: Logger): Mailer {
  let transport: Transporter | null = null;
  if (config.smtp) {
    const s = config.smtp;
    transport = s.url
      ? nodemailer.createTransport(s.url)
      : nodemailer.createTransport({
          host: s.host,
          port: s.port ?? 587,
          secure: s.secure ?? false,
          auth: s.user ? { user: s.user, pass: s.password } : undefined,
          tls: { rejectUnauthorized: !s.host?.startsWith("127.") && s.host !== "localhost" },
        });
  }
  return {
    async send(mail) {
      if (!transport) {
        log.warn(
          { to: mail.to, subject: mail.subject, text: mail.text },
          "SMTP is not configured; e-mail written to the log instead",
        );
        metrics.email("logged");
        return;
      }
      try {
        await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      } catch (err) {
        metrics.email("failed");
        throw err;
      }
      metrics.email("sent");
      log.info({ to: mail.to, subject: mail.subject }, "e-mail sent");
    },
  };
}
