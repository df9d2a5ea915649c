import type { AppContext } from "../../context";
import { publishLive } from "../live/live-bus";
import type { CommittedAlert } from "./alert-store";
import type { AlertMailJob, AlertNotice } from "./alerts.schema";

export const ALERT_MAIL_JOB = "alert-email";

export const noticeOf = (a: CommittedAlert): AlertNotice => ({
  id: a.id, alertType: a.type, policyName: a.policyName, vehicleId: a.vehicleId, vehicleName: a.vehicleName,
  placeName: a.placeName, occurredAt: a.occurredAt, details: a.details,
});

/** Enqueues the alert's e-mail; the job id makes a second enqueue of the same alert a no-op while the first is kept. */
export async function enqueueAlertMail(ctx: AppContext, alertId: string, orgId: string): Promise<void> {
  const job: AlertMailJob = { alertId, orgId };
  await ctx.jobs.enqueue("mail", ALERT_MAIL_JOB, job, { jobId: `alert-${alertId}` });
}

/**
 * After the commit: the in-app notice to each recipient's open pages (toast, unread counter) and the
 * e-mail job. A failure here loses nothing: the log and the unread rows are stored, and the timer
 * sweep enqueues e-mails still pending.
 */
export async function announceAlerts(ctx: AppContext, alerts: CommittedAlert[]): Promise<void> {
  for (const a of alerts) {
    try {
      if (a.inAppRecipients.length) {
        await publishLive(ctx, { k: "alert", o: a.orgId, u: [...a.inAppRecipients], a: { ...noticeOf(a) } });
      }
      if (a.emailPending) await enqueueAlertMail(ctx, a.id, a.orgId);
    } catch (err) {
      ctx.log.warn({ err, alertId: a.id }, "announcing an alert failed");
    }
  }
}
