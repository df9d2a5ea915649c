import type { DB } from "../../db/database";
import type { Principal } from "../access/principal";
import { auditSnapshot } from "./audit.mapper";
import { auditRepo, type AuditQuery } from "./audit.repo";
import type { AuditEntry } from "./audit.schema";

// Every module records through `audit.record`, so this module imports no other module. Reading the log for people
// (filters in the organisation's time zone, the page, the CSV) is the audit-log module's, which asks for rows here.

const json = (v: unknown) => {
  const snap = auditSnapshot(v);
  return snap === null ? null : JSON.stringify(snap);
};

/**
 * Writes one audit row. Call it inside the write's own transaction (pass the transaction as `db`), so the
 * change and its record commit together or not at all. In a support session the installation administrator
 * behind it is written beside the signed-in user.
 */
async function record(db: DB, p: Principal, entry: AuditEntry): Promise<void> {
  await auditRepo.insert(db, {
    org_id: entry.orgId ?? p.orgId,
    user_id: p.userId,
    user_name: `${p.firstName} ${p.lastName}`.trim() || (p.email ?? ""),
    support_user_id: p.support?.userId ?? null,
    support_user_name: p.support?.name ?? null,
    entity_type: entry.entity,
    entity_id: entry.id,
    action: entry.action,
    before: json(entry.before),
    after: json(entry.after),
  });
}

/** The organisation's rows matching `q`, one page, newest first; `more` when the count stopped at `countCap`. */
function page(db: DB, orgId: string, q: AuditQuery, at: { page: number; size: number }, countCap: number) {
  return auditRepo.list(db, orgId, q, at, countCap);
}

/** The next `limit` rows after `after` (newest first), for exports that walk the whole log. */
function chunk(db: DB, orgId: string, q: AuditQuery, after: { atKey: string; id: string } | null, limit: number) {
  return auditRepo.chunk(db, orgId, q, after, limit);
}

/** Everyone who has written to the organisation's log. */
function authors(db: DB, orgId: string) {
  return auditRepo.authors(db, orgId);
}

/**
 * The audit service: other modules call `audit.record(trx, principal, { entity, id, action, before, after })`;
 * the audit-log module reads with `page`, `chunk` and `authors`.
 */
export const audit = { record, page, chunk, authors };
