import { sql } from "kysely";
import type { DB } from "../../../db/database";
import type { ArchiveStatus } from "../../../db/schema/analytics";

export interface NewArchive {
  orgId: string;
  requestedBy: string | null;
  scheduleId: string | null;
  type: string;
  params: Record<string, unknown>;
  from: string;
  to: string;
  runKey: string | null;
}

const listColumns = [
  "id",
  "report_type",
  "period_from",
  "period_to",
  "status",
  "progress",
  "row_count",
  "error",
  "created_at",
  "finished_at",
  "schedule_id",
  "requested_by",
] as const;

export const archiveRepo = {
  /** Creates the archive row; with a run key, only once (null when that run exists already). */
  async insert(db: DB, a: NewArchive) {
    const row = await db
      .insertInto("archived_reports")
      .values({
        org_id: a.orgId,
        requested_by: a.requestedBy,
        schedule_id: a.scheduleId,
        report_type: a.type,
        params: JSON.stringify(a.params),
        period_from: a.from,
        period_to: a.to,
        run_key: a.runKey,
      })
      .onConflict((oc) => oc.column("run_key").doNothing())
      .returning(["id"])
      .executeTakeFirst();
    return row?.id ?? null;
  },
  find(db: DB, id: string) {
    return db.selectFrom("archived_reports").selectAll().where("id", "=", id).executeTakeFirst();
  },
  findInOrg(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("archived_reports")
      .select([...listColumns])
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  async list(db: DB, orgId: string, userId: string, page: number, size: number) {
    const base = db
      .selectFrom("archived_reports as a")
      .leftJoin("report_schedules as s", "s.id", "a.schedule_id")
      .where("a.org_id", "=", orgId)
      .where((eb) => eb.or([eb("a.requested_by", "=", userId), eb("s.created_by", "=", userId)]));
    const [items, total] = await Promise.all([
      base
        .select(listColumns.map((c) => `a.${c}` as const))
        .select("s.name as schedule_name")
        .orderBy("a.created_at", "desc")
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  },
  async progress(db: DB, id: string, progress: number) {
    await db
      .updateTable("archived_reports")
      .set({ progress, heartbeat_at: new Date() })
      .where("id", "=", id)
      .where("status", "=", "RUNNING")
      .execute();
  },
  async finish(
    db: DB,
    id: string,
    status: Exclude<ArchiveStatus, "RUNNING">,
    r: { rowCount?: number; error?: string },
  ) {
    await db
      .updateTable("archived_reports")
      .set({
        status,
        progress: status === "COMPLETED" ? 100 : sql<number>`progress`,
        row_count: r.rowCount ?? null,
        error: r.error ?? null,
        finished_at: new Date(),
      })
      .where("id", "=", id)
      .execute();
  },
  /** Back to RUNNING for another attempt. */
  async restart(db: DB, id: string) {
    const r = await db
      .updateTable("archived_reports")
      .set({
        status: "RUNNING",
        progress: 0,
        error: null,
        finished_at: null,
        heartbeat_at: new Date(),
        attempts: sql<number>`attempts + 1`,
      })
      .where("id", "=", id)
      .returning(["attempts"])
      .executeTakeFirst();
    return r?.attempts ?? null;
  },
  async saveFile(db: DB, id: string, format: "csv" | "xlsx" | "pdf", language: "al" | "en", content: Buffer) {
    await db
      .insertInto("archived_report_files")
      .values({ report_id: id, format, language, content, size: content.length })
      .onConflict((oc) =>
        oc.columns(["report_id", "format", "language"]).doUpdateSet({ content, size: content.length }),
      )
      .execute();
  },
  file(db: DB, id: string, format: string, language: string) {
    return db
      .selectFrom("archived_report_files")
      .select(["content", "size"])
      .where("report_id", "=", id)
      .where("format", "=", format as "pdf")
      .where("language", "=", language as "al")
      .executeTakeFirst();
  },
  files(db: DB, id: string) {
    return db
      .selectFrom("archived_report_files")
      .select(["format", "language", "size"])
      .where("report_id", "=", id)
      .execute();
  },
  async markEmailed(db: DB, id: string, address: string) {
    await sql`UPDATE archived_reports SET emailed_to = array_append(emailed_to, ${address}) WHERE id = ${id} AND NOT (${address} = ANY(emailed_to))`.execute(
      db,
    );
  },
  async emailDone(db: DB, id: string) {
    await db.updateTable("archived_reports").set({ emailed_at: new Date() }).where("id", "=", id).execute();
  },
  /** RUNNING rows whose worker has not reported for a while (a crash, a lost job). */
  stale(db: DB, before: Date) {
    return db
      .selectFrom("archived_reports")
      .select(["id", "attempts"])
      .where("status", "=", "RUNNING")
      .where("heartbeat_at", "<", before)
      .execute();
  },
  /** Drops archives older than each organisation's retention. */
  async prune(db: DB, now: Date) {
    const r =
      await sql`DELETE FROM archived_reports a USING organizations o LEFT JOIN analytics_settings s ON s.org_id = o.id
      WHERE a.org_id = o.id AND a.status <> 'RUNNING' AND a.created_at < ${now}::timestamptz - make_interval(days => coalesce(s.archive_retention_days, 90))`.execute(
        db,
      );
    return Number(r.numAffectedRows ?? 0);
  },
  async reportLanguage(db: DB, orgId: string): Promise<"al" | "en"> {
    const r = await db
      .selectFrom("analytics_settings")
      .select("report_language")
      .where("org_id", "=", orgId)
      .executeTakeFirst();
    return r?.report_language ?? "al";
  },
};
