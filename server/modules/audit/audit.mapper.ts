import type { Selectable } from "kysely";
import type { AuditLogTable } from "../../db/schema/admin";
import type { AuditAction, AuditEntity } from "./audit.schema";

/** Never written to the log, whatever entity carries them. */
const SECRET_KEY = /password|token|hash|secret|^data$/i;

/** A record as the log keeps it: plain JSON, secrets and binary data left out. */
export function auditSnapshot(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) return value.map(auditSnapshot);
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (SECRET_KEY.test(k) || v === undefined || typeof v === "function") continue;
      out[k] = auditSnapshot(v);
    }
    return out;
  }
  return value;
}

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** Bookkeeping columns every record has; a change of them alone says nothing. */
const NOISE = new Set(["updated_at", "created_at", "org_id"]);

/** The fields that differ between before and after (top level), for the screen. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const b = before && typeof before === "object" ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === "object" ? (after as Record<string, unknown>) : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !NOISE.has(f));
  return fields
    .filter((f) => !same(b[f], a[f]))
    .map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
}

/** A log row as read (`at` may arrive as text from a raw query). */
export type AuditRowLike = Omit<Selectable<AuditLogTable>, "org_id" | "at"> & { at: Date | string };

/** What a person calls the record: its registration, name or the organisation it concerns. */
export function auditLabel(before: unknown, after: unknown): string | null {
  const r = ((after && typeof after === "object" ? after : before) ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
  const person = [text(r.first_name), text(r.last_name)].filter(Boolean).join(" ");
  return text(r.registration) ?? text(r.name) ?? (person || null) ?? text(r.organization_name);
}

/** A log row as the API and the screen show it: no org_id, ISO time, the support marker spelled out. */
export function toAuditDto(r: AuditRowLike) {
  return {
    id: String(r.id),
    at: new Date(r.at).toISOString(),
    user: { id: r.user_id, name: r.user_name },
    support: r.support_user_id ? { id: r.support_user_id, name: r.support_user_name ?? "" } : null,
    entity_type: r.entity_type as AuditEntity,
    entity_id: r.entity_id,
    label: auditLabel(r.before, r.after),
    action: r.action as AuditAction,
    before: r.before ?? null,
    after: r.after ?? null,
    changes: auditChanges(r.before, r.after),
  };
}
export type AuditDto = ReturnType<typeof toAuditDto>;
