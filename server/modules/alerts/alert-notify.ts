import type { AppContext } from "../../context";
import type { CommittedAlert } from "./alert-store";
import type { AlertMailJob, AlertNotice } from "./alerts.schema";

export const ALERT_MAIL_JOB = "alert-email";

export const noticeOf = (a: CommittedAlert): AlertNotice => ({
  id: a.id,
  alertType: a.type,
  policyName: a.policyName,
  vehicleId: a.vehicleId,
  vehicleName: a.vehicleName,
  vehicleTeamId: a.vehicleTeamId,
  placeName: a.placeName,
  occurredAt: a.occurredAt,
  details: a.details,
});

/** Enqueues the alert's e-mail; the job id makes a second enqueue of the same alert a no-op while the first is kept. */
export async function enqueueAlertMail(ctx: AppContext, alertId: string, orgId: string): Promise<void> {
  const job: AlertMailJob = { alertId, orgId };
  await ctx.jobs.enqueue("mail", ALERT_MAIL_JOB, job, { jobId: `alert-${alertId}` });
}

/**
 * After the commit: the in-app notices to each recipient's open pages (toast, unread counter) in one
 * bus round trip, and the e-mail jobs in one bulk enqueue. A failure here loses nothing: the log and the
 * unread rows are stored, and the timer sweep enqueues e-mails still pending.
 */
export async function announceAlerts(ctx: AppContext, alerts: CommittedAlert[]): Promise<void> {
  const notices = alerts
    .filter((a) => a.inAppRecipients.length)
    .map((a) => ({ k: "alert" as const, o: a.orgId, u: [...a.inAppRecipients], a: { ...noticeOf(a) } }));
  const mails = alerts.filter((a) => a.emailPending);
  await Promise.all([
    // A process without a bus (a bare test context) has no open pages to tell.
    notices.length && ctx.live
      ? ctx.live
          .publishMany(notices)
          .catch((err) => ctx.log.warn({ err, alerts: notices.length }, "publishing alert notices failed"))
      : undefined,
    mails.length
      ? ctx.jobs
          .enqueueMany(
            "mail",
            mails.map((a) => ({
              name: ALERT_MAIL_JOB,
              data: { alertId: a.id, orgId: a.orgId } satisfies AlertMailJob,
              jobId: `alert-${a.id}`,
            })),
          )
          .catch((err) => ctx.log.warn({ err, alerts: mails.length }, "enqueueing alert e-mails failed"))
      : undefined,
  ]);
}
