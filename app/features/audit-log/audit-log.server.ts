import { data } from "react-router";
import { exportAuditCsv, auditAuthors, listAuditLog, localTime } from "../../../server/modules/audit-log";
import { AUDIT_ENTITIES, auditFilterSchema, type AuditFilter } from "../../../server/modules/audit";
import { AppError } from "../../../server/errors";
import { listQueryFrom, requirePermission, type LoadContext } from "../../lib/route-kit.server";

/** The web glue of the audit log: the screen's loader and the CSV download. */

function filterFrom(url: URL): { filter: AuditFilter; invalid: boolean } {
  const raw = Object.fromEntries(
    ["from", "to", "user", "entity"].map((k) => [k, url.searchParams.get(k) ?? undefined]),
  );
  const parsed = auditFilterSchema.safeParse(raw);
  return parsed.success ? { filter: parsed.data, invalid: false } : { filter: {}, invalid: true };
}

export async function auditLogLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "audit:read");
  const url = new URL(request.url);
  const { filter, invalid } = filterFrom(url);
  const q = listQueryFrom(request);
  const authors = await auditAuthors(context.app, p);
  const entities = [...AUDIT_ENTITIES];
  try {
    const page = await listAuditLog(context.app, p, filter, { page: q.page, size: q.size });
    const items = page.items.map((r) => ({ ...r, time: localTime(r.at, page.timezone) }));
    return {
      page: { ...page, items },
      filter,
      authors,
      entities,
      error: invalid ? "VALIDATION" : null,
      timezone: page.timezone,
    };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "PERIOD_INVALID") throw err;
    return {
      page: { items: [], total: 0, page: 1, size: q.size, pages: 1, more: false, timezone: "" },
      filter,
      authors,
      entities,
      error: err.code,
      timezone: "",
    };
  }
}

export async function auditCsvLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "audit:read");
  const { filter, invalid } = filterFrom(new URL(request.url));
  if (invalid) throw data({ error: "VALIDATION" }, { status: 400 });
  try {
    const csv = await exportAuditCsv(context.app, p, filter);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="audit-log.csv"',
        "Cache-Control": "private, no-store",
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw data({ error: err.code }, { status: err.status });
    throw err;
  }
}
