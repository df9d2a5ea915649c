import { csvCell } from "../../shared/csv";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import type { Principal } from "../access/principal";
import { addDays, localParts, zonedMidnight } from "../../shared/local-time";
import { audit, toAuditDto, type AuditFilter, type AuditQuery } from "../audit";
import { orgTimeZone } from "../organization";
import { toPage, type ListQuery } from "../shared/listing";
import { auditLogPolicy } from "./audit-log.policy";

/** Longest period one query covers. */
const MAX_PERIOD_DAYS = 366;

async function queryOf(
  ctx: AppContext,
  p: Principal,
  f: AuditFilter,
): Promise<{ query: AuditQuery; timezone: string }> {
  const timezone = await orgTimeZone(ctx, p.orgId);
  if (f.from && f.to && f.from > f.to)
    throw new AppError("PERIOD_INVALID", "The period ends before it starts", { field: "to" });
  if (f.from && f.to && addDays(f.from, MAX_PERIOD_DAYS) <= f.to)
    throw new AppError("PERIOD_INVALID", "The period may be at most a year", { field: "from" });
  return {
    timezone,
    query: {
      from: f.from ? zonedMidnight(f.from, timezone) : undefined,
      to: f.to ? zonedMidnight(addDays(f.to, 1), timezone) : undefined,
      userId: f.user,
      entity: f.entity,
    },
  };
}

/** The list counts at most this many rows; `more` says there are more (narrow the filters to reach them). */
export const AUDIT_COUNT_CAP = 10_000;

/** One page of the organisation's audit log, newest first. */
export async function listAuditLog(ctx: AppContext, p: Principal, f: AuditFilter, q: Pick<ListQuery, "page" | "size">) {
  auditLogPolicy.read(p);
  const { query, timezone } = await queryOf(ctx, p, f);
  const { items, total, more } = await audit.page(ctx.db, p.orgId, query, q, AUDIT_COUNT_CAP);
  return { ...toPage(items.map(toAuditDto), total, { ...q, q: "", dir: "desc" }), more, timezone };
}

/** People to filter by: everyone who has written to the log. */
export async function auditAuthors(ctx: AppContext, p: Principal) {
  auditLogPolicy.read(p);
  return audit.authors(ctx.db, p.orgId);
}

/** At most this many rows in one CSV download (newest first). */
export const AUDIT_CSV_MAX_ROWS = 20_000;
const CSV_CHUNK = 1000;

const pad = (n: number) => String(n).padStart(2, "0");
export function localTime(iso: string, timezone: string): string {
  const t = localParts(new Date(iso).getTime(), timezone);
  return `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(Math.floor(t.minutes / 60))}:${pad(t.minutes % 60)}:${pad(t.seconds)}`;
}

/** The filtered log as CSV (UTF-8 with BOM for spreadsheets), newest first, up to AUDIT_CSV_MAX_ROWS rows. */
export async function exportAuditCsv(ctx: AppContext, p: Principal, f: AuditFilter): Promise<string> {
  auditLogPolicy.read(p);
  const { query, timezone } = await queryOf(ctx, p, f);
  const head = ["time", "user", "support_by", "entity_type", "entity_id", "label", "action", "before", "after"];
  const lines = [head.join(",")];
  let after: { atKey: string; id: string } | null = null;
  for (let written = 0; written < AUDIT_CSV_MAX_ROWS; ) {
    const rows = await audit.chunk(ctx.db, p.orgId, query, after, Math.min(CSV_CHUNK, AUDIT_CSV_MAX_ROWS - written));
    for (const row of rows) {
      const r = toAuditDto(row);
      lines.push(
        [
          localTime(r.at, timezone),
          r.user.name,
          r.support?.name ?? "",
          r.entity_type,
          r.entity_id,
          r.label,
          r.action,
          r.before,
          r.after,
        ]
          .map(csvCell)
          .join(","),
      );
    }
    written += rows.length;
    if (rows.length < CSV_CHUNK) break;
    const last = rows[rows.length - 1];
    after = { atKey: last.at_key, id: String(last.id) };
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
