import type { Job } from "bullmq";
import type { AppContext } from "../../server/context";
import type { Mailer } from "../../server/mail/mailer";
import type { AlertMailJob } from "../../server/modules/alerts/alerts.schema";
import { formatInstant, formatInstantDate } from "../../server/shared/dates";
import { orgTimeZone } from "../../server/modules/organization/organization.service";
import { alertEmail } from "../../templates/email/alert";

/** YYYY-MM-DD HH:mm in the zone (spec section 9's date format); the replay form reads the same text. */
const localTime = (ms: number, timezone: string): string => formatInstant(ms, timezone);

/**
 * Sends one alert's e-mail to each recipient in their own language: users of the policy in their
 * default language, typed addresses in the language of the policy's author. Addresses already served
 * are kept in the job data, so a retry after a failure does not send twice.
 */
export async function sendAlertEmails(ctx: AppContext, mailer: Mailer, job: Job<AlertMailJob & { sent?: string[] }>): Promise<{ sent: number }> {
  const { alertId, orgId } = job.data;
  const alert = await ctx.db.selectFrom("alerts as a")
    .innerJoin("vehicles as v", (j) => j.onRef("v.id", "=", "a.vehicle_id").onRef("v.org_id", "=", "a.org_id"))
    .leftJoin("users as d", (j) => j.onRef("d.id", "=", "a.driver_id").onRef("d.org_id", "=", "a.org_id"))
    .select(["a.id", "a.policy_id", "a.policy_name", "a.alert_type", "a.vehicle_id", "a.place_name", "a.occurred_at", "a.lat", "a.lon", "a.details",
      "v.registration", "d.first_name as driver_first", "d.last_name as driver_last"])
    .where("a.id", "=", alertId).where("a.org_id", "=", orgId).where("a.email_status", "=", "pending")
    .executeTakeFirst();
  if (!alert) return { sent: 0 };
  const policy = alert.policy_id
    ? await ctx.db.selectFrom("alert_policies as p").leftJoin("users as c", (j) => j.onRef("c.id", "=", "p.created_by").onRef("c.org_id", "=", "p.org_id"))
      .select(["p.emails", "c.default_language"]).where("p.id", "=", alert.policy_id).where("p.org_id", "=", orgId).executeTakeFirst()
    : undefined;
  const users = alert.policy_id
    ? await ctx.db.selectFrom("alert_policy_recipients as r")
      .innerJoin("users as u", (j) => j.onRef("u.id", "=", "r.user_id").onRef("u.org_id", "=", "r.org_id"))
      .select(["u.email", "u.default_language"]).where("r.policy_id", "=", alert.policy_id).where("u.active", "=", true).where("u.email", "is not", null).execute()
    : [];
  const recipients = new Map<string, "al" | "en">();
  for (const u of users) recipients.set(u.email!.toLowerCase(), u.default_language === "en" ? "en" : "al");
  const typedLanguage = policy?.default_language === "en" ? "en" : "al";
  for (const e of policy?.emails ?? []) if (!recipients.has(e.toLowerCase())) recipients.set(e.toLowerCase(), typedLanguage);

  const tz = await orgTimeZone(ctx, orgId);
  const base = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, "");
  const at = alert.occurred_at.getTime();
  const mapUrl = `${base}/replay?${new URLSearchParams({ vehicle: alert.vehicle_id, from: localTime(at - 15 * 60_000, tz), to: localTime(at + 15 * 60_000, tz) })}`;
  const day = formatInstantDate(at, tz);
  const logUrl = `${base}/alerts/log?${new URLSearchParams({ from: day, to: day, vehicle: alert.vehicle_id })}`;
  const driverName = [alert.driver_first, alert.driver_last].filter(Boolean).join(" ") || null;

  const sent = new Set(job.data.sent ?? []);
  for (const [to, language] of recipients) {
    if (sent.has(to)) continue;
    await mailer.send(alertEmail({
      to, language, type: alert.alert_type, policyName: alert.policy_name, vehicleName: alert.registration, driverName,
      time: localTime(at, tz), placeName: alert.place_name, details: alert.details ?? {}, lat: alert.lat, lon: alert.lon, mapUrl, logUrl,
    }));
    sent.add(to);
    await job.updateData({ ...job.data, sent: [...sent] });
  }
  await ctx.db.updateTable("alerts").set({ email_status: "sent" }).where("id", "=", alertId).where("org_id", "=", orgId).execute();
  return { sent: sent.size };
}

/** After the last attempt the alert says so in the log instead of staying "pending". */
export async function markAlertEmailFailed(ctx: AppContext, job: Job<AlertMailJob>): Promise<void> {
  await ctx.db.updateTable("alerts").set({ email_status: "failed" }).where("id", "=", job.data.alertId).where("org_id", "=", job.data.orgId).execute();
}
