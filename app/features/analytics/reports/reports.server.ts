import { PassThrough, Readable } from "node:stream";
import { data, redirect } from "react-router";
import { AppError } from "../../../../server/errors";
import type { Principal } from "../../../../server/modules/access/principal";
import {
  vehicleLabel,
  availableReports,
  runReport,
  type ReportRun,
  requestArchive,
  chartBars,
  EXPORT_FORMATS,
  prepareExport,
  type ExportFormat,
  columnLabel,
  formatCell,
  reportAnswers,
  reportTitle,
  totals,
} from "../../../../server/modules/analytics";
import { orgTimeZone } from "../../../../server/modules/organization";
import { teamOptions } from "../../../../server/modules/teams";
import { driverOptions, vehicleOptions } from "../../../../server/modules/vehicles";
import { placeOptions } from "../../../../server/modules/places";
import { reportByType } from "../../../../server/modules/shared/reports/registry";
import type { ReportDefinition } from "../../../../server/modules/shared/reports/report-definition";
import { todayIn } from "../../../../server/shared/dates";
import { resolveLanguage } from "../../../i18n/i18n.server";
import { renderChartSvg } from "../../../components/charts/chart-svg.server";
import { reportChartHeight, reportChartOption, type ReportChartData } from "./report-chart";
import { formAction, intent } from "../../../lib/forms.server";
import { requirePermission, type LoadContext, indexRedirect } from "../../../lib/route-kit.server";
import { can } from "../../../lib/permissions";
import { areaRedirect } from "../../../../server/modules/auth";

type Lng = "al" | "en";
type Args = { request: Request; context: LoadContext };

/** Spec section 5's detailed report has its own page: /analytics/reports/vehicle/details/:id. */
export const DETAILS_TYPE = "vehicle_details";
export const detailsPath = (vehicleId: string, from: string, to: string) =>
  `/analytics/reports/vehicle/details/${vehicleId}?${new URLSearchParams({ from, to })}`;

const COMMON_KEYS = ["from", "to", "vehicle_ids", "team_ids", "driver_ids"];

/** A query string or form as the report parser reads it: repeated names become lists. */
export function reportInput(params: URLSearchParams | FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set([...params.keys()])) {
    if (key === "_csrf" || key === "intent" || key === "lng") continue;
    const all = params.getAll(key).map(String);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

/** The query string of a report run (common and own parameters), for its downloads and its background run. */
export function runQuery(input: Record<string, string | string[]>, definition: ReportDefinition): string {
  const q = new URLSearchParams();
  const own = (definition.fields ?? []).map((f) => f.name);
  for (const key of [...COMMON_KEYS, ...own]) {
    const v = input[key];
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) q.append(key, one);
  }
  return q.toString();
}

const lngOf = (request: Request, p: Principal): Lng => resolveLanguage(request, p.language);

function ownTexts(d: ReportDefinition) {
  return d.texts
    ? {
        al: { title: d.texts.al.title, answers: d.texts.al.answers },
        en: { title: d.texts.en.title, answers: d.texts.en.answers },
      }
    : null;
}

/** /analytics/reports/list: the report types this user may run, grouped, each with what it answers. */
export function reportList({ request, context }: Args) {
  const p = requirePermission(context, request, "analytics:read");
  const lng = lngOf(request, p);
  const groups: Array<{
    group: string;
    reports: Array<{ type: string; title: string; answers: string; href: string }>;
  }> = [];
  for (const d of availableReports(p)) {
    let g = groups.find((x) => x.group === d.group);
    if (!g) groups.push((g = { group: d.group, reports: [] }));
    g.reports.push({
      type: d.type,
      title: reportTitle(lng, d.type),
      answers: reportAnswers(lng, d.type),
      href: `/analytics/reports/${d.type}`,
    });
  }
  return {
    groups,
    texts: Object.fromEntries(
      availableReports(p)
        .filter((d) => d.texts)
        .map((d) => [d.type, ownTexts(d)]),
    ),
  };
}

/** Who may run the type (404 for an unknown one, 403 without the report's extra permission). */
function definitionFor(p: Principal, type: string): ReportDefinition {
  const d = reportByType(type);
  if (!d) throw data({ error: "NOT_FOUND" }, { status: 404 });
  if (!availableReports(p).includes(d)) throw data({ error: "FORBIDDEN" }, { status: 403 });
  return d;
}

/** The option lists of the form: vehicles, teams and drivers the user may choose. */
export async function formOptions(context: LoadContext, p: Principal) {
  const [vehicles, teams, drivers, geofences, pois] = await Promise.all([
    vehicleOptions(context.app, p),
    teamOptions(context.app, p),
    driverOptions(context.app, p),
    placeOptions(context.app, p.orgId, "geofence"),
    placeOptions(context.app, p.orgId, "poi"),
  ]);
  return {
    /** a report's vehicle cell (its label) → the vehicle, to open its detailed report */
    vehicleIdByLabel: new Map(vehicles.map((v) => [vehicleLabel(v), v.id])),
    vehicles: vehicles.map((v) => ({ id: v.id, label: v.registration })),
    teams: teams.map((t) => ({ id: t.id, label: t.name })),
    drivers: drivers.map((d) => ({ id: d.id, label: d.name })),
    geofences: geofences.map((g) => ({ id: g.id, label: g.name })),
    pois: pois.map((g) => ({ id: g.id, label: g.name })),
  };
}

export interface ReportTable {
  columns: Array<{ key: string; label: string; kind: string }>;
  rows: string[][];
  total: string[] | null;
  rowCount: number;
  truncated: boolean;
  /** per row, the detailed report of the row's vehicle for the same period (null: no single vehicle) */
  vehicleLinks: Array<string | null> | null;
  chart: ReportChartData | null;
  /** the chart drawn on the server as SVG (shown until the page runs, and without JavaScript) */
  chartSvg: string | null;
}

/** A run as the page shows it: cells formatted as in the exports (organisation's zone, km, h:mm). */
export function tableOf(run: ReportRun, lng: Lng, vehicleIdByLabel?: Map<string, string>): ReportTable {
  const d = run.definition;
  const tz = run.period.timeZone;
  const cols = d.columns;
  const t = totals(cols, run.result.rows);
  const bars = chartBars(run, lng);
  const series = d.chart && cols.find((c) => c.key === d.chart!.series[0]);
  const chart: ReportChartData | null =
    d.chart && bars.length
      ? {
          type: d.chart.type,
          label: series ? columnLabel(lng, series, d.type) : "",
          bars: bars.map((b) => ({ label: b.label, value: Math.round(b.value * 100) / 100 })),
          time: ["day", "period"].includes(d.chart.category),
        }
      : null;
  return {
    columns: cols.map((c) => ({ key: c.key, label: columnLabel(lng, c, d.type), kind: c.kind })),
    rows: run.result.rows.map((r) => cols.map((c) => formatCell(c.kind, r[c.key], lng, tz, d.type))),
    total: t ? cols.map((c, i) => (i === 0 ? "" : formatCell(c.kind, t[c.key], lng, tz, d.type))) : null,
    rowCount: run.result.rows.length,
    truncated: !!run.result.truncated,
    vehicleLinks:
      vehicleIdByLabel && cols.some((c) => c.key === "vehicle") && !d.requiresVehicle
        ? run.result.rows.map((r) => {
            const id = vehicleIdByLabel.get(String(r.vehicle ?? ""));
            return id ? detailsPath(id, run.common.from, run.common.to) : null;
          })
        : null,
    chart,
    chartSvg: chart && renderChartSvg(reportChartOption(chart), 1100, reportChartHeight(chart)),
  };
}

/** Field errors of a refused run (period order, VEHICLE_REQUIRED…) for the form; other refusals propagate. */
export function runRefusal(err: unknown): { code: string; fields: Record<string, string[]> } {
  if (err instanceof AppError && (err.code === "VALIDATION" || err.code === "VEHICLE_REQUIRED")) {
    const fields = (err.details?.fields ?? {}) as Record<string, string[]>;
    return { code: err.code, fields };
  }
  if (err instanceof AppError) throw data({ error: err.code }, { status: err.status });
  throw err;
}

/** /analytics/reports/:type — the form, and once submitted (a `from` in the query) the table and chart. */
export async function reportPage({ request, context }: Args, type: string) {
  const p = requirePermission(context, request, "analytics:read");
  const definition = definitionFor(p, type);
  const url = new URL(request.url);
  const input = reportInput(url.searchParams);
  const [{ vehicleIdByLabel, ...options }, timeZone] = await Promise.all([
    formOptions(context, p),
    orgTimeZone(context.app, p.orgId),
  ]);
  const today = todayIn(timeZone);
  const submitted = url.searchParams.has("from");
  const lng = lngOf(request, p);
  let table: ReportTable | null = null;
  let refusal: { code: string; fields: Record<string, string[]> } | null = null;
  if (submitted) {
    try {
      const run = await runReport(context.app, p, type, input);
      if (definition.requiresVehicle)
        throw redirect(detailsPath(run.common.vehicle_ids[0], run.common.from, run.common.to));
      table = tableOf(run, lng, vehicleIdByLabel);
    } catch (err) {
      if (err instanceof Response) throw err;
      refusal = runRefusal(err);
    }
  }
  const values = { from: today, to: today, ...input };
  return data(
    {
      type,
      title: reportTitle(lng, type),
      answers: reportAnswers(lng, type),
      requiresVehicle: !!definition.requiresVehicle,
      fields: definition.fields ?? [],
      paramLabels: definition.texts?.[lng].params ?? null,
      options,
      timeZone,
      values,
      submitted,
      table,
      refusal,
      query: runQuery(values, definition),
      canArchive: can(p, "analytics:write"),
    },
    { status: refusal ? 400 : 200 },
  );
}

/** "Run in the background": the report becomes an archived report; the archive list shows its progress. */
export async function reportAction({ request, context }: Args, type: string) {
  const p = requirePermission(context, request, "analytics:write");
  definitionFor(p, type);
  return formAction(
    { request, context },
    {
      archive: intent({
        run: async ({ form }) => {
          await requestArchive(context.app, p, type, reportInput(form));
          return redirect("/analytics/archive?started=1");
        },
      }),
    },
  );
}

/** A plain-text refusal with the error code (a download opens outside the frame, so no page to show it in). */
function textRefusal(err: unknown): Response {
  if (err instanceof AppError)
    return new Response(err.code, { status: err.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  throw err;
}

/** /analytics/reports/:type/export/:format — every row, in the user's language, streamed. */
export async function reportExport({ request, context }: Args, type: string, format: string) {
  const p = requirePermission(context, request, "analytics:read");
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw data({ error: "NOT_FOUND" }, { status: 404 });
  definitionFor(p, type);
  try {
    const file = await prepareExport(
      context.app,
      p,
      type,
      reportInput(new URL(request.url).searchParams),
      format as ExportFormat,
      lngOf(request, p),
    );
    const out = new PassThrough();
    file.write(out).catch((err: unknown) => out.destroy(err as Error));
    return new Response(Readable.toWeb(out) as ReadableStream, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (err) {
    return textRefusal(err);
  }
}

export { textRefusal, lngOf };

/** Spec: /analytics goes to the role's redirect_urls.analytics, else to the report list. */
export async function analyticsIndexLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "analytics:read");
  return indexRedirect(request, areaRedirect(p, "analytics", "/analytics/reports/list"));
}
