import type { DB } from "../../db/database";
import type { Principal } from "../access/principal";
import { auditSnapshot } from "./audit.mapper";
import { auditRepo } from "./audit.repo";
import type { AuditEntry } from "./audit.schema";

// Only the writing side lives here, with no imports from other modules, so every module may call it
// (the reading side, audit-log.service.ts, needs the organisation's time zone).

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

/** The audit service other modules call: `audit.record(trx, principal, { entity, id, action, before, after })`. */
export const audit = { record };
