import type { Job } from "bullmq";
import type { AppContext } from "../../context";
import type { Mailer } from "../../mail/mailer";
import { alertEmail } from "../../../templates/email/alert";
import { addressOf } from "../addresses";
import { orgTimeZone } from "../organization";
import { alertMailRepo } from "./alerts.repo";
import type { AlertMailJob } from "./alerts.schema";
import { formatInstant, formatInstantDate } from "../../shared/dates";

/** YYYY-MM-DD HH:mm in the zone (spec section 9's date format); the replay form reads the same text. */
const localTime = (ms: number, timezone: string): string => formatInstant(ms, timezone);

/**
 * Sends one alert's e-mail to each recipient in their own language: users of the policy in their
 * default language, typed addresses in the language of the policy's author. Addresses already served
 * are kept in the job data, so a retry after a failure does not send twice.
 */
export async function sendAlertEmails(
  ctx: AppContext,
  mailer: Mailer,
  job: Job<AlertMailJob & { sent?: string[] }>,
): Promise<{ sent: number }> {
  const { alertId, orgId } = job.data;
  const alert = await alertMailRepo.pendingAlert(ctx.db, orgId, alertId);
  if (!alert) return { sent: 0 };
  const recipients = new Map<string, "al" | "en">();
  if (alert.policy_id) {
    const policy = await alertMailRepo.recipients(ctx.db, orgId, alert.policy_id);
    for (const u of policy.users) recipients.set(u.email.toLowerCase(), u.language === "en" ? "en" : "al");
    const typedLanguage = policy.authorLanguage === "en" ? "en" : "al";
    for (const e of policy.emails) if (!recipients.has(e.toLowerCase())) recipients.set(e.toLowerCase(), typedLanguage);
  }

  const tz = await orgTimeZone(ctx, orgId);
  const base = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, "");
  const at = alert.occurred_at.getTime();
  const mapUrl = `${base}/replay?${new URLSearchParams({ vehicle: alert.vehicle_id, from: localTime(at - 15 * 60_000, tz), to: localTime(at + 15 * 60_000, tz) })}`;
  const day = formatInstantDate(at, tz);
  const logUrl = `${base}/alerts/log?${new URLSearchParams({ from: day, to: day, vehicle: alert.vehicle_id })}`;
  const driverName = [alert.driver_first, alert.driver_last].filter(Boolean).join(" ") || null;

  // one address for every recipient, written in each one's language (never waits for a geocoder)
  const address = alert.lat !== null && alert.lon !== null ? await addressOf(ctx, orgId, alert.lat, alert.lon) : null;
  const sent = new Set(job.data.sent ?? []);
  for (const [to, language] of recipients) {
    if (sent.has(to)) continue;
    await mailer.send(
      alertEmail({
        to,
        language,
        type: alert.alert_type,
        policyName: alert.policy_name,
        vehicleName: alert.registration,
        driverName,
        time: localTime(at, tz),
        placeName: alert.place_name,
        address,
        details: alert.details ?? {},
        lat: alert.lat,
        lon: alert.lon,
        mapUrl,
        logUrl,
      }),
    );
    sent.add(to);
    await job.updateData({ ...job.data, sent: [...sent] });
  }
  await alertMailRepo.setEmailStatus(ctx.db, orgId, alertId, "sent");
  return { sent: sent.size };
}

/** After the last attempt the alert says so in the log instead of staying "pending". */
export async function markAlertEmailFailed(ctx: AppContext, job: Job<AlertMailJob>): Promise<void> {
  await alertMailRepo.setEmailStatus(ctx.db, job.data.orgId, job.data.alertId, "failed");
}
