import type { AppContext } from "../../context";
import type { AlertType } from "../../db/schema/alerts";
import { dispatchCommitted, type EventReader, type StoredEvent } from "../events";
import type { CommittedAlert } from "./alert-store";
import type { AlertMailJob, AlertNotice } from "./alerts.schema";
import { alertMailRepo } from "./alerts.repo";

export const ALERT_MAIL_JOB = "alert-email";

/** Enqueues the alert's e-mail; the job id makes a second enqueue of the same alert a no-op while the first is kept. */
export async function enqueueAlertMail(ctx: AppContext, alertId: string, orgId: string): Promise<void> {
  const job: AlertMailJob = { alertId, orgId };
  await ctx.jobs.enqueue("mail", ALERT_MAIL_JOB, job, { jobId: `alert-${alertId}` });
}

/**
 * After the commit: the alerts' `alert.created` events go to the outbox's readers in this process (webhooks, and
 * this module's own reader below: the in-app notices and the e-mails), so every way an alert is told reads the one
 * source of events.
 */
export async function announceAlerts(ctx: AppContext, alerts: readonly Pick<CommittedAlert, "eventId">[]) {
  await dispatchCommitted(
    ctx,
    alerts.map((a) => a.eventId),
  );
}

const noticeOf = (e: StoredEvent, teamId: string | null): AlertNotice => {
  const d = e.data as {
    alert_id: string;
    alert_type: AlertType;
    policy_name: string;
    vehicle_id: string;
    vehicle_registration: string | null;
    place_name: string | null;
    details: Record<string, unknown>;
  };
  return {
    id: d.alert_id,
    alertType: d.alert_type,
    policyName: d.policy_name,
    vehicleId: d.vehicle_id,
    vehicleName: d.vehicle_registration ?? d.vehicle_id,
    vehicleTeamId: teamId,
    placeName: d.place_name,
    occurredAt: new Date(e.occurred_at).toISOString(),
    details: d.details,
  };
};

/**
 * The alerts' reader of the outbox: for each `alert.created`, the in-app notices to its recipients' open pages
 * (toast, unread counter) in one bus round trip, and its e-mail job when the alert has one pending. Best effort
 * after the dispatch's commit: the log and the unread rows are stored, and the timer sweep enqueues e-mails still
 * pending after a failure here.
 */
export const alertsEventReader: EventReader = {
  name: "alert-notices",
  types: ["alert.created"],
  async afterCommit(ctx, events) {
    const alertIdOf = (e: StoredEvent) => (e.data as { alert_id: string }).alert_id;
    const found = new Map(
      (await alertMailRepo.announcements(ctx.db, events.map(alertIdOf))).map((r) => [r.id, r] as const),
    );
    // in the events' order, so the toasts come in the order the alerts happened
    const rows = events.flatMap((e) => {
      const r = found.get(alertIdOf(e));
      return r ? [{ ...r, event: e }] : [];
    });
    const notices = rows
      .filter((r) => r.users.length)
      .map((r) => ({ k: "alert" as const, o: r.org_id, u: r.users, a: { ...noticeOf(r.event, r.team_id) } }));
    const mails = rows.filter((r) => r.email_pending);
    await Promise.all([
      // A process without a bus (a bare test context) has no open pages to tell.
      notices.length && ctx.live ? ctx.live.publishMany(notices) : undefined,
      mails.length
        ? ctx.jobs.enqueueMany(
            "mail",
            mails.map((r) => ({
              name: ALERT_MAIL_JOB,
              data: { alertId: r.id, orgId: r.org_id } satisfies AlertMailJob,
              jobId: `alert-${r.id}`,
            })),
          )
        : undefined,
    ]);
  },
};
