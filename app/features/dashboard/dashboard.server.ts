import { redirect } from "react-router";
import { z } from "zod";
import { dashboardService as dashboard, tileInputSchema, type Tile } from "../../../server/modules/analytics";
import { teamOptions } from "../../../server/modules/teams";
import { vehicleOptions } from "../../../server/modules/vehicles";
import { TIME_WINDOWS, type TimeWindow } from "../../../server/modules/shared/reports/period";
import { formAction, intent } from "../../lib/forms.server";
import { can } from "../../lib/permissions";
import { idParam, load, readForm, requirePermission, type LoadContext } from "../../lib/route-kit.server";
import { tileOption } from "./tile-charts";
import { renderChartSvg } from "../../components/charts/chart-svg.server";
import { displayValue, reportLink } from "./tile-view";

const METRICS_PAGE = "/dashboard/metrics";

/** /dashboard/metrics: every tile's figures (one round of queries), in display units, with the report behind it. */
export async function metricsLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "dashboard:read");
  const tiles = await dashboard.dashboardData(context.app, p);
  const q = new URL(request.url).searchParams;
  const views = tiles.map((d) => ({
    id: d.tile.id,
    metric: d.tile.metric,
    chart_type: d.tile.chart_type,
    ranking: d.tile.ranking,
    ranking_size: d.tile.ranking_size,
    aggregation: d.tile.aggregation,
    time_window: d.tile.time_window,
    from: d.from,
    to: d.to,
    report: reportLink(d.tile, d.from, d.to),
    value: displayValue(d.tile.metric, d.value),
    entries: d.entries.map((e) => ({ id: e.id, label: e.label, value: displayValue(d.tile.metric, e.value) })),
    series: d.series.map((s) => ({ day: s.day, value: displayValue(d.tile.metric, s.value) })),
  }));
  return {
    canWrite: can(p, "dashboard:write"),
    notice: q.has("saved") ? "saved" : q.has("removed") ? "removed" : null,
    tiles: views.map((v) => ({ ...v, svg: renderChartSvg(tileOption(v, v.metric)) })),
  };
}
export type TileView = Awaited<ReturnType<typeof metricsLoader>>["tiles"][number];

const tileId = z.object({ id: z.uuid() });

/** The tiles' buttons: move up, move down, remove (each names its tile). */
export async function metricsAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "dashboard:write");
  return formAction(
    { request, context },
    {
      up: intent({
        schema: tileId,
        run: async ({ value }) => {
          await dashboard.moveTile(context.app, p, value.id, -1);
          return redirect(METRICS_PAGE);
        },
      }),
      down: intent({
        schema: tileId,
        run: async ({ value }) => {
          await dashboard.moveTile(context.app, p, value.id, 1);
          return redirect(METRICS_PAGE);
        },
      }),
      delete: intent({
        schema: tileId,
        run: async ({ value }) => {
          await dashboard.removeTile(context.app, p, value.id);
          return redirect(`${METRICS_PAGE}?removed=1`);
        },
      }),
      starter: intent({
        schema: z.object({}),
        run: async () => {
          await dashboard.addStarterTiles(context.app, p);
          return redirect(`${METRICS_PAGE}?saved=1`);
        },
      }),
    },
  );
}

/** A stored tile as the strings a form posts. */
function tileFormValues(t: Tile): Record<string, string | string[]> {
  return {
    metric: t.metric,
    chart_type: t.chart_type,
    ranking: t.ranking ?? "",
    ranking_size: String(t.ranking_size),
    aggregation: t.aggregation,
    time_window: t.time_window,
    vehicle_ids: t.vehicle_ids,
    team_ids: t.team_ids,
  };
}

/** The add and edit pages: the vehicles and teams to choose from, and the stored tile when editing. */
export async function tileFormLoader(context: LoadContext, request: Request, rawId?: string) {
  const p = requirePermission(context, request, "dashboard:write");
  const tile = rawId === undefined ? null : await load(() => dashboard.getTile(context.app, p, idParam(rawId)));
  const [vehicles, teams] = await Promise.all([vehicleOptions(context.app, p), teamOptions(context.app, p)]);
  return {
    tile: tile ? { id: tile.id } : null,
    defaults: tile
      ? tileFormValues(tile)
      : {
          metric: "distance",
          chart_type: "bar",
          ranking: "top",
          ranking_size: "10",
          aggregation: "total",
          time_window: "this_week",
        },
    options: {
      vehicles: vehicles.map((v) => ({
        id: v.id,
        label: v.identifier_name ? `${v.registration} (${v.identifier_name})` : v.registration,
      })),
      teams: teams.map((t) => ({ id: t.id, label: t.name })),
    },
  };
}
export type TileFormOptions = Awaited<ReturnType<typeof tileFormLoader>>["options"];

/** Saves the add or edit form and goes back to the dashboard. */
export async function saveTileAction(context: LoadContext, request: Request, rawId?: string) {
  const p = requirePermission(context, request, "dashboard:write");
  const id = rawId === undefined ? null : idParam(rawId);
  const form = await readForm(request, context);
  // another user's or organisation's tile answers 404 before the form is read
  if (id) await load(() => dashboard.getTile(context.app, p, id));
  return formAction(
    { request, context, form },
    {
      save: intent({
        schema: tileInputSchema,
        run: async ({ value }) => {
          if (id) await dashboard.updateTile(context.app, p, id, value);
          else await dashboard.addTile(context.app, p, value);
          return redirect(`${METRICS_PAGE}?saved=1`);
        },
      }),
    },
  );
}

const BY = ["vehicle", "driver", "team"] as const;

/** /dashboard/benchmarks?by=vehicle|driver|team&window=…: every metric side by side with the fleet average. */
export async function benchmarksLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "dashboard:read");
  const q = new URL(request.url).searchParams;
  const by = (BY as readonly string[]).includes(q.get("by") ?? "") ? (q.get("by") as (typeof BY)[number]) : "vehicle";
  const window = (TIME_WINDOWS as readonly string[]).includes(q.get("window") ?? "")
    ? (q.get("window") as TimeWindow)
    : "this_week";
  const b = await dashboard.benchmarks(context.app, p, window, by);
  const show = (values: Record<string, number | null>) =>
    Object.fromEntries(Object.entries(values).map(([m, v]) => [m, displayValue(m as Tile["metric"], v)])) as Record<
      Tile["metric"],
      number | null
    >;
  return {
    by,
    window,
    from: b.from,
    to: b.to,
    rows: b.rows.map((r) => ({ id: r.id, label: r.label, values: show(r.values) })),
    fleet: show(b.fleet),
  };
}
