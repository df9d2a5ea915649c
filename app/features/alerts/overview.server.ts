import { data } from "react-router";
import { overviewFilterSchema, alertsOverview, OVERVIEW_DEFAULT_DAYS } from "../../../server/modules/alerts";
import { orgTimeZone } from "../../../server/modules/organization";
import { logFilterOptions, periodError, readPeriodFilter, type PeriodError } from "./log.server";
import { addDays, todayIn } from "../../lib/dates";
import type { OverviewCounts } from "./overview-charts";
import { requirePermission, type LoadContext } from "../../lib/route-kit.server";

export async function alertOverviewLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "alerts:read");
  const raw = Object.fromEntries(new URL(request.url).searchParams);
  const { filter: f, invalid } = readPeriodFilter(overviewFilterSchema, raw);
  const options = await logFilterOptions(context, p);
  const values = {
    from: f.from ?? raw.from ?? "",
    to: f.to ?? raw.to ?? "",
    vehicle: f.vehicle ?? "",
    type: f.type ?? "",
  };
  let error: PeriodError | null = invalid;
  if (!error) {
    try {
      const o = await alertsOverview(context.app, p, f);
      return { ...options, values: { ...values, from: o.from, to: o.to }, overview: o, error };
    } catch (err) {
      error = periodError(err);
      if (!error) throw err;
    }
  }
  const timezone = await orgTimeZone(context.app, p.orgId);
  const to = todayIn(timezone);
  const empty = {
    from: addDays(to, -(OVERVIEW_DEFAULT_DAYS - 1)),
    to,
    timezone,
    total: 0,
    byType: [],
    byVehicle: [],
    byDay: [],
  };
  return data({ ...options, values, overview: empty as typeof empty & OverviewCounts, error }, { status: 400 });
}
