import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import {
  availableReports,
  runReport,
  analyticsPolicy,
  EXPORT_FORMATS,
  prepareExport,
  archiveFile,
  listArchives,
  requestArchive,
  retryArchive,
  CONTENT_TYPES,
} from "../../modules/analytics";
import { authed, param, sendError } from "./api-kit";
import { formatAddress } from "../../modules/addresses";
import type { ReportColumn, ReportRow } from "../../modules/shared/reports/report-definition";

/** The rows with their "place" cells written out in the language (the other cells stay raw values). */
function withAddressText(columns: ReportColumn[], rows: ReportRow[], lng: "al" | "en"): ReportRow[] {
  const keys = columns.filter((c) => c.kind === "place").map((c) => c.key);
  if (!keys.length) return rows;
  return rows.map((r) => {
    const out = { ...r };
    for (const k of keys) if (typeof out[k] === "string") out[k] = formatAddress(out[k], lng);
    return out;
  });
}

const exportQuery = z.object({ format: z.enum(EXPORT_FORMATS).default("csv"), lng: z.enum(["al", "en"]).optional() });

/**
 * Reports for scripts and the mobile app:
 * GET /api/analytics/reports → the types this user may run (with their columns);
 * GET /api/analytics/reports/:type?from=YYYY-MM-DD&to=…&vehicle_ids=…&team_ids=…&driver_ids=…&<own parameters> → rows;
 * GET /api/analytics/reports/:type/export?format=csv|xlsx|pdf&… → the file (every row);
 * POST /api/analytics/reports/:type/archive (the same parameters, as JSON or query) → 202 { id }: run in the background;
 * GET /api/analytics/archive?page= → the user's archived reports; GET /api/analytics/archive/:id/files/:format → a file;
 * POST /api/analytics/archive/:id/retry → a FAILED archive runs again.
 */
export function analyticsRoutes(ctx: AppContext) {
  const r = Router();
  r.get(
    "/api/analytics/reports",
    authed(ctx, async (_req, _s, p) => {
      analyticsPolicy.read(p);
      return availableReports(p).map((d) => ({
        type: d.type,
        group: d.group,
        requiresVehicle: !!d.requiresVehicle,
        columns: d.columns,
        chart: d.chart ?? null,
      }));
    }),
  );
  r.get(
    "/api/analytics/reports/:type",
    authed(ctx, async (req, _s, p) => {
      const run = await runReport(ctx, p, String(req.params.type), req.query as Record<string, unknown>);
      return {
        type: run.definition.type,
        from: run.common.from,
        to: run.common.to,
        timeZone: run.period.timeZone,
        columns: run.definition.columns,
        // addresses in the user's language ("near Kamëz, 2.1 km NE"), as on screen
        rows: withAddressText(run.definition.columns, run.result.rows, p.language),
        truncated: !!run.result.truncated,
      };
    }),
  );
  r.get("/api/analytics/reports/:type/export", async (req, res) => {
    try {
      if (!req.principal) throw new AppError("UNAUTHENTICATED", "Sign in first");
      const q = exportQuery.parse(req.query);
      const lng = q.lng ?? req.principal.language;
      const file = await prepareExport(
        ctx,
        req.principal,
        String(req.params.type),
        req.query as Record<string, unknown>,
        q.format,
        lng,
      );
      res.setHeader("Content-Type", file.contentType);
      res.setHeader("Content-Disposition", `attachment; filename="${file.fileName}"`);
      await file.write(res);
    } catch (err) {
      if (res.headersSent) res.destroy(err as Error);
      else sendError(ctx, req, res, err);
    }
  });
  r.post(
    "/api/analytics/reports/:type/archive",
    authed(ctx, async (req, res, p) => {
      const input = { ...(req.query as Record<string, unknown>), ...((req.body ?? {}) as Record<string, unknown>) };
      const id = await requestArchive(ctx, p, String(req.params.type), input);
      res.status(202);
      return { id };
    }),
  );
  r.get(
    "/api/analytics/archive",
    authed(ctx, (req, _s, p) => listArchives(ctx, p, Math.max(1, Number(req.query.page) || 1), 20)),
  );
  r.get("/api/analytics/archive/:id/files/:format", async (req, res) => {
    try {
      if (!req.principal) throw new AppError("UNAUTHENTICATED", "Sign in first");
      const format = z.enum(EXPORT_FORMATS).safeParse(req.params.format);
      if (!format.success) throw new AppError("NOT_FOUND", "not found");
      const lng = exportQuery.parse(req.query).lng ?? req.principal.language;
      const f = await archiveFile(ctx, req.principal, param(req, "id"), format.data, lng);
      res.setHeader("Content-Type", CONTENT_TYPES[format.data]);
      res.setHeader("Content-Disposition", `attachment; filename="${f.fileName}"`);
      res.end(f.content);
    } catch (err) {
      sendError(ctx, req, res, err);
    }
  });
  r.post(
    "/api/analytics/archive/:id/retry",
    authed(ctx, async (req, _s, p) => {
      await retryArchive(ctx, p, param(req, "id"));
    }),
  );
  return r;
}
