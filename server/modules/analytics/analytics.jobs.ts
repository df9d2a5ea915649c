import type { JobDefinition } from "../../job-definition";
import type { AppContext } from "../../context";
import { metrics } from "../../metrics";
import { vehiclesRepo } from "../vehicles";
import { archiveRepo } from "./archive/archive.repo";
import { ARCHIVE_JOB, generateArchive, recoverStaleArchives, type ArchiveJob } from "./archive/archive.service";
import { schedulesRepo } from "./schedules/schedules.repo";
import { emailScheduledArchive, runDueSchedules, scheduleRecipients } from "./schedules/schedules.service";
import { segmentsRepo } from "./segments/segments.repo";
import { rebuildDirtySegments, type DriversOf } from "./segments/segments.service";

export const driversOf: DriversOf = (trx, ids) => vehiclesRepo.driversOf(trx, ids);

/** The languages a scheduled archive is made in: its recipients'. */
async function recipientLanguages(ctx: AppContext, archiveId: string): Promise<Array<"al" | "en">> {
  const a = await archiveRepo.find(ctx.db, archiveId);
  if (!a?.schedule_id) return [];
  const s = await schedulesRepo.find(ctx.db, a.org_id, a.schedule_id);
  return s ? [...new Set((await scheduleRecipients(ctx, a.org_id, s)).map((r) => r.language))] : [];
}

export const analyticsJobs: JobDefinition[] = [
  {
    // one archived report: generated as its requester, then e-mailed when a schedule made it
    queue: "reports",
    name: ARCHIVE_JOB,
    concurrency: 1,
    handler: async (job, ctx) => {
      const { archiveId } = job.data as ArchiveJob;
      const result = await generateArchive(ctx, archiveId, await recipientLanguages(ctx, archiveId));
      metrics.reportRun(result);
      // a retried job finds the archive COMPLETED already and only finishes the e-mails
      if (result !== "FAILED") await emailScheduledArchive(ctx, ctx.mailer, archiveId);
      return result;
    },
  },
  {
    // each schedule's due run, once; archives whose worker went silent
    queue: "maintenance",
    name: "analytics-schedules",
    repeat: { every: 60_000 },
    concurrency: 1,
    handler: async (_job, ctx) => ({
      created: (await runDueSchedules(ctx)).length,
      recovered: await recoverStaleArchives(ctx),
    }),
  },
  {
    // late positions folded into segments; positions from before analytics existed
    queue: "maintenance",
    name: "analytics-segments",
    repeat: { every: 60_000 },
    concurrency: 1,
    handler: (_job, ctx) => rebuildDirtySegments(ctx.db, driversOf),
  },
  {
    queue: "maintenance",
    name: "analytics-retention",
    repeat: { pattern: "50 2 * * *" },
    concurrency: 1,
    handler: async (_job, ctx) => ({
      archives: await archiveRepo.prune(ctx.db, new Date()),
      segments: await segmentsRepo.prune(ctx.db, new Date()),
    }),
  },
];
