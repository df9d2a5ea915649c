import { PassThrough } from "node:stream";
import { emitEvent } from "../../events";
import type { AppContext } from "../../../context";
import { AppError, isAppError, notFound } from "../../../errors";
import type { Principal } from "../../access/principal";
import { principalForUser } from "../../auth";
import { analyticsPolicy } from "../analytics.policy";
import { analyticsRepo } from "../analytics.repo";
import { parseReportInput, runReport } from "../analytics.service";
import { writeExport, type ExportFormat } from "../exports/report-export";
import { schedulesRepo } from "../schedules/schedules.repo";
import { toArchive } from "./archive.mapper";
import { archiveRepo } from "./archive.repo";

export const ARCHIVE_JOB = "analytics-archive";
/** A RUNNING archive that has not reported for this long lost its worker. */
export const STALE_AFTER_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;

export interface ArchiveJob {
  archiveId: string;
}

export const enqueueArchive = (ctx: AppContext, archiveId: string, attempt = 1) =>
  ctx.jobs.enqueue("reports", ARCHIVE_JOB, { archiveId } satisfies ArchiveJob, {
    jobId: `archive-${archiveId}-${attempt}`,
    attempts: 2,
    backoff: { type: "fixed", delay: 5000 },
  });

/** "Run in the background": the report becomes an archived report that the worker generates. */
export async function requestArchive(
  ctx: AppContext,
  p: Principal,
  type: string,
  input: Record<string, unknown>,
): Promise<string> {
  analyticsPolicy.write(p);
  const { definition, common, params: own } = parseReportInput(p, type, input);
  // the detailed report's one vehicle must be one the user may see now (as on screen: 404), not at generation
  if (
    definition.requiresVehicle &&
    !(await analyticsRepo.scopedVehicles(ctx.db, p, { vehicleIds: common.vehicle_ids, teamIds: [], driverIds: [] }))
      .length
  ) {
    throw notFound("vehicle");
  }
  const params = { ...common, ...own };
  const id = (await archiveRepo.insert(ctx.db, {
    orgId: p.orgId,
    requestedBy: p.userId,
    scheduleId: null,
    type,
    params,
    from: common.from,
    to: common.to,
    runKey: null,
  }))!;
  await enqueueArchive(ctx, id);
  return id;
}

const toBuffer = async (write: (out: PassThrough) => Promise<void>) => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  await write(out);
  return Buffer.concat(chunks);
};

/**
 * The worker's part: runs the report as the user who asked (or scheduled it) with what they may see now,
 * stores its files in the languages needed, and marks it COMPLETED or FAILED with the reason. Safe to run
 * again for the same archive (a retried or recovered job).
 */
export async function generateArchive(
  ctx: AppContext,
  archiveId: string,
  languages: Array<"al" | "en"> = [],
): Promise<"COMPLETED" | "FAILED" | "SKIPPED"> {
  const a = await archiveRepo.find(ctx.db, archiveId);
  if (!a || a.status !== "RUNNING") return "SKIPPED";
  const userId = a.requested_by ?? (a.schedule_id ? await schedulesRepo.creator(ctx.db, a.schedule_id) : null);
  const p = userId ? await principalForUser(ctx, userId) : null;
  if (!p) {
    await finishArchive(ctx, a, "FAILED", { error: "USER_INACTIVE" });
    return "FAILED";
  }
  try {
    await archiveRepo.progress(ctx.db, archiveId, 10);
    const run = await runReport(ctx, p, a.report_type, a.params, { allRows: true });
    await archiveRepo.progress(ctx.db, archiveId, 40);
    const langs = [...new Set([p.language, ...languages])];
    const formats: ExportFormat[] = ["pdf", "xlsx", "csv"];
    let done = 0;
    for (const lng of langs) {
      for (const format of formats) {
        const content = await toBuffer((out) => writeExport(ctx, a.org_id, run, format, lng, out));
        await archiveRepo.saveFile(ctx.db, archiveId, format, lng, content);
        done++;
        await archiveRepo.progress(ctx.db, archiveId, 40 + Math.round((55 * done) / (langs.length * formats.length)));
      }
    }
    await finishArchive(ctx, a, "COMPLETED", { rowCount: run.result.rows.length });
    return "COMPLETED";
  } catch (err) {
    const code = isAppError(err) ? err.code : "INTERNAL";
    if (!isAppError(err)) ctx.log.error({ err, archiveId }, "archived report failed");
    await finishArchive(ctx, a, "FAILED", { error: code });
    return "FAILED";
  }
}

export async function listArchives(ctx: AppContext, p: Principal, page = 1, size = 20) {
  analyticsPolicy.read(p);
  const { items, total } = await archiveRepo.list(ctx.db, p.orgId, p.userId, page, size);
  return { items: items.map(toArchive), total, page, pages: Math.max(1, Math.ceil(total / size)) };
}

async function ownArchive(ctx: AppContext, p: Principal, id: string) {
  analyticsPolicy.read(p);
  const a = await archiveRepo.findInOrg(ctx.db, p.orgId, id);
  const creator = a?.schedule_id ? await schedulesRepo.creator(ctx.db, a.schedule_id) : null;
  if (!a || (a.requested_by !== p.userId && creator !== p.userId)) throw notFound("archived report");
  return a;
}

export async function archiveFile(ctx: AppContext, p: Principal, id: string, format: ExportFormat, lng: "al" | "en") {
  const a = await ownArchive(ctx, p, id);
  if (a.status !== "COMPLETED") throw notFound("file");
  // in the asked language, else in the language it was made in
  let f = await archiveRepo.file(ctx.db, id, format, lng);
  if (!f) {
    const other = (await archiveRepo.files(ctx.db, id)).find((x) => x.format === format);
    if (other) f = await archiveRepo.file(ctx.db, id, format, other.language);
  }
  if (!f) throw notFound("file");
  return { archive: a, content: f.content, fileName: `${a.report_type}-${a.period_from}-${a.period_to}.${format}` };
}

/** FAILED → RUNNING again, with a new job. */
export async function retryArchive(ctx: AppContext, p: Principal, id: string) {
  analyticsPolicy.write(p);
  const a = await ownArchive(ctx, p, id);
  if (a.status !== "FAILED") throw new AppError("CONFLICT", "Only a failed report can be retried");
  const attempt = await archiveRepo.restart(ctx.db, id);
  await enqueueArchive(ctx, id, attempt ?? 2);
}

/**
 * No archive stays RUNNING forever: one whose worker went silent (a restart mid-generation, a lost job) gets a
 * new job, up to three attempts, and is FAILED with "INTERRUPTED" after that.
 */
export async function recoverStaleArchives(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const stale = await archiveRepo.stale(ctx.db, new Date(now.getTime() - STALE_AFTER_MS));
  for (const s of stale) {
    if (s.attempts >= MAX_ATTEMPTS) await archiveRepo.finish(ctx.db, s.id, "FAILED", { error: "INTERRUPTED" });
    else await enqueueArchive(ctx, s.id, (await archiveRepo.restart(ctx.db, s.id)) ?? MAX_ATTEMPTS);
  }
  return stale.length;
}

/** The archive's end and its `report.archive.completed` / `failed` integration event, in one transaction. */
async function finishArchive(
  ctx: AppContext,
  a: { id: string; org_id: string; report_type: string; requested_by: string | null; schedule_id: string | null },
  status: "COMPLETED" | "FAILED",
  extra: Parameters<typeof archiveRepo.finish>[3],
) {
  await ctx.db.transaction().execute(async (trx) => {
    await archiveRepo.finish(trx, a.id, status, extra);
    await emitEvent(trx, {
      type: status === "COMPLETED" ? "report.archive.completed" : "report.archive.failed",
      organizationId: a.org_id,
      data: {
        archive_id: a.id,
        report_type: a.report_type,
        requested_by: a.requested_by,
        schedule_id: a.schedule_id,
        row_count: extra.rowCount ?? null,
        error: extra.error ?? null,
      },
    });
  });
}
