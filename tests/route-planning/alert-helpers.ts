import { startWorkers } from "../../jobs/workers";
import { ALERT_MAIL_JOB } from "../../server/modules/alerts/alert-notify";
import { alertsJobs } from "../../server/modules/alerts/alerts.jobs";
import { createPolicy, parsePolicyInput } from "../../server/modules/alerts/alerts.service";
import { addDays, zonedInstant } from "../../server/shared/dates";
import { createTestContext, principalFor, type TestContext, type TestOrg } from "../support/context";
import { startSmtpServer } from "../support/smtp";
import { today, TZ } from "./helpers";

// What the route-job alert tests share: their context with real SMTP and the alert e-mail worker, their day and
// instants, and their policies.

/**
 * Tomorrow's jobs and instants: a worker another test file starts sweeps with the real clock, and must not find
 * these jobs late before the test's own sweeps do.
 */
export const TOMORROW = addDays(today(), 1);
export const tomorrowAt = (hhmm: string) => zonedInstant(TOMORROW, hhmm, TZ);

/** A test context with SMTP on loopback and only the alert e-mail job: the sweeps are called by the tests at chosen instants. */
export async function startAlertMail() {
  const smtp = await startSmtpServer();
  const ctx: TestContext = createTestContext({
    config: { SMTP_URL: smtp.url, PUBLIC_URL: "https://flota.example.test" },
  });
  const stopWorkers = await startWorkers(
    ctx,
    alertsJobs.filter((d) => d.name === ALERT_MAIL_JOB),
  );
  return {
    ctx,
    smtp,
    async close() {
      await stopWorkers();
      await ctx.close();
      await smtp.close();
    },
  };
}

/** A policy every day of the week, in the app for the administrator unless the fields say otherwise. */
export async function everyDayPolicy(ctx: TestContext, org: TestOrg, fields: Record<string, unknown>) {
  const admin = await principalFor(ctx, org.adminId);
  return createPolicy(
    ctx,
    admin,
    parsePolicyInput({
      days: ["0", "1", "2", "3", "4", "5", "6"],
      notify_in_app: "on",
      recipient_ids: [org.adminId],
      ...fields,
    }),
  );
}
