import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { availableReports, runReport } from "../../modules/analytics/analytics.service";
import { analyticsPolicy } from "../../modules/analytics/analytics.policy";
import { EXPORT_FORMATS, prepareExport } from "../../modules/analytics/exports/report-export";
import { authed, sendError } from "./api-kit";

const exportQuery = z.object({ format: z.enum(EXPORT_FORMATS).default("csv"), lng: z.enum(["al", "en"]).optional() });

/**
 * Reports for scripts and the mobile app:
 * GET /api/analytics/reports → the types this user may run (with their columns);
 * GET /api/analytics/reports/:type?from=YYYY-MM-DD&to=…&vehicle_ids=…&team_ids=…&driver_ids=…&<own parameters> → rows;
 * GET /api/analytics/reports/:type/export?format=csv|xlsx|pdf&… → the file (every row).
 */
export function analyticsRoutes(ctx: AppContext) {
  const r = Router();
  r.get("/api/analytics/reports", authed(ctx, async (_req, _s, p) => {
    analyticsPolicy.read(p);
    return availableReports(p).map((d) => ({ type: d.type, group: d.group, requiresVehicle: !!d.requiresVehicle, columns: d.columns, chart: d.chart ?? null }));
  }));
  r.get("/api/analytics/reports/:type", authed(ctx, async (req, _s, p) => {
    const run = await runReport(ctx, p, String(req.params.type), req.query as Record<string, unknown>);
    return {
      type: run.definition.type, from: run.common.from, to: run.common.to, timeZone: run.period.timeZone,
      columns: run.definition.columns, rows: run.result.rows, truncated: !!run.result.truncated,
    };
  }));
  r.get("/api/analytics/reports/:type/export", async (req, res) => {
    try {
      if (!req.principal) throw new AppError("UNAUTHENTICATED", "Sign in first");
      const q = exportQuery.parse(req.query);
      const lng = q.lng ?? req.principal.language;
      const file = await prepareExport(ctx, req.principal, String(req.params.type), req.query as Record<string, unknown>, q.format, lng);
      res.setHeader("Content-Type", file.contentType);
      res.setHeader("Content-Disposition", `attachment; filename="${file.fileName}"`);
      await file.write(res);
    } catch (err) {
      if (res.headersSent) res.destroy(err as Error);
      else sendError(ctx, req, res, err);
    }
  });
  return r;
}
