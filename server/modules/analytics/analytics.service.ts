import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { addressRows } from "../addresses";
import { orgTimeZone } from "../organization";
import { usersRepo } from "../users";
import { analyticsPolicy } from "./analytics.policy";
import { analyticsRepo, vehicleLabel } from "./analytics.repo";
import { periodOf, type Period } from "../shared/reports/period";
import type { ReportDefinition, ReportResult } from "../shared/reports/report-definition";
import { allReports, reportByType } from "../shared/reports/registry";
import { commonParamsSchema, type CommonParams } from "./reports/report-params";
import { SCREEN_ROWS } from "./reports/types/segment-reports";
import { segmentsRepo } from "./segments/segments.repo";
import { toList } from "../shared/form-values";

export interface ReportRun {
  definition: ReportDefinition;
  common: CommonParams;
  params: Record<string, unknown>;
  period: Period;
  result: ReportResult;
}

/** Field errors in the shape forms show them: field → message keys (translated from locales/<lng>/errors.json). */
export function validationError(issues: z.core.$ZodIssue[], message = "Invalid report parameters"): AppError {
  const fields: Record<string, string[]> = {};
  for (const i of issues) (fields[String(i.path[0] ?? "form")] ??= []).push(i.message);
  return new AppError("VALIDATION", message, { fields });
}

/** Spec section 5: the detailed report requires a vehicle (exactly one). */
export const vehicleRequired = () =>
  new AppError("VEHICLE_REQUIRED", "Choose one vehicle for this report", {
    fields: { vehicle_ids: ["VEHICLE_REQUIRED"] },
  });

/** A report type's own parameters (beyond period, vehicles, teams and drivers). */
export function parseOwnParams(definition: ReportDefinition, input: Record<string, unknown>): Record<string, unknown> {
  const own = definition.params.safeParse(input);
  if (!own.success) throw validationError(own.error.issues);
  return own.data as Record<string, unknown>;
}

/** Finds the report type, checks the user may run it, and parses its input (on screen, export or archive). */
export function parseReportInput(p: Principal, type: string, input: Record<string, unknown>) {
  const definition = reportByType(type);
  if (!definition) throw notFound("report");
  analyticsPolicy.readReport(p, definition.permission);
  if (definition.requiresVehicle && !toList(input.vehicle_ids).length) throw vehicleRequired();
  const common = commonParamsSchema.safeParse(input);
  if (!common.success) throw validationError(common.error.issues);
  const params = parseOwnParams(definition, input);
  if (definition.requiresVehicle && common.data.vehicle_ids.length !== 1) throw vehicleRequired();
  return { definition, common: common.data, params };
}

/** The report types this user may run. */
export function availableReports(p: Principal): ReportDefinition[] {
  return allReports().filter(
    (r) => p.permissions.has("analytics:read") && (!r.permission || p.permissions.has(r.permission)),
  );
}

/** Runs a report on screen (or for an export): parse, authorise, scope, query. */
export async function runReport(
  ctx: AppContext,
  p: Principal,
  type: string,
  input: Record<string, unknown>,
  opts: { allRows?: boolean } = {},
): Promise<ReportRun> {
  const { definition, common: c, params } = parseReportInput(p, type, input);
  const timeZone = await orgTimeZone(ctx, p.orgId);
  const period = periodOf(c.from, c.to, timeZone);
  const vehicles = await analyticsRepo.scopedVehicles(ctx.db, p, {
    vehicleIds: c.vehicle_ids,
    teamIds: definition.requiresVehicle ? [] : c.team_ids,
    driverIds: definition.requiresVehicle ? [] : c.driver_ids,
  });
  if (definition.requiresVehicle && !vehicles.length) throw notFound("vehicle");
  if (!vehicles.length) return { definition, common: c, params, period, result: { rows: [] } };
  const [driverNames, settings] = await Promise.all([
    usersRepo.driverNames(ctx.db, p.orgId),
    segmentsRepo.settings(ctx.db, [p.orgId]),
  ]);
  const result = await definition.run(
    {
      ctx,
      db: ctx.db,
      principal: p,
      orgId: p.orgId,
      period,
      vehicleIds: vehicles.map((v) => v.id),
      driverIds: c.driver_ids.length ? c.driver_ids : null,
      vehicleNames: new Map(vehicles.map((v) => [v.id, vehicleLabel(v)])),
      driverNames,
      speedLimitKmh: settings.get(p.orgId)!.speedLimitKmh,
      maxRows: opts.allRows ? Number.MAX_SAFE_INTEGER : SCREEN_ROWS,
    },
    params,
  );
  // every point of the page named in one pass (places, cached street addresses, gazetteer): never waits for a geocoder
  const placeKeys = definition.columns.filter((col) => col.kind === "place").map((col) => col.key);
  await addressRows(ctx, p.orgId, result.rows, placeKeys);
  return { definition, common: c, params, period, result };
}
