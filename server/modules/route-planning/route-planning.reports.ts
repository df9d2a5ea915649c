import { z } from "zod";
import al from "../../../locales/al/routePlanning.json" with { type: "json" };
import en from "../../../locales/en/routePlanning.json" with { type: "json" };
import { defineReport, type ReportRow, type ReportScope } from "../shared/reports/report-definition";
import { zonedInstant } from "../../shared/dates";
import { routeReportsRepo } from "./route-reports.repo";
import { coordinateText } from "../addresses";

// Route planning's reports in the analytics catalogue (group routePlanning); texts from locales/<lng>/routePlanning.json.

const texts = (key: "route_jobs_done" | "route_visits" | "route_attendance") => ({
  al: al.reports[key],
  en: en.reports[key],
});
const minutes = (a: Date | string | number, b: Date | string | number) =>
  Math.round((new Date(b).getTime() - new Date(a).getTime()) / 60_000) * 60;

async function jobsInScope(scope: ReportScope) {
  return routeReportsRepo.jobs(
    scope.db,
    scope.orgId,
    scope.period.from,
    scope.period.to,
    scope.vehicleIds,
    scope.driverIds,
  );
}

function isLate(
  j: { scheduled_date: string; scheduled_arrival: string; arrived_at: Date | null },
  tz: string,
  graceMin: number,
) {
  if (!j.arrived_at) return false;
  return (
    j.arrived_at.getTime() >
    zonedInstant(j.scheduled_date, j.scheduled_arrival.slice(0, 5), tz).getTime() + graceMin * 60_000
  );
}

export const routeJobsDoneReport = defineReport({
  type: "route_jobs_done",
  group: "routePlanning",
  permission: "routePlanning:read",
  params: z.object({}),
  texts: texts("route_jobs_done"),
  columns: [
    { key: "driver", kind: "text" },
    { key: "planned", kind: "count", total: "sum" },
    { key: "done", kind: "count", total: "sum" },
    { key: "on_time", kind: "count", total: "sum" },
    { key: "late", kind: "count", total: "sum" },
    { key: "missed", kind: "count", total: "sum" },
    { key: "on_time_pct", kind: "percent", total: "avg" },
  ],
  chart: { type: "bar", category: "driver", series: ["planned", "done", "on_time"] },
  async run(scope) {
    const grace = await routeReportsRepo.grace(scope.db, scope.orgId);
    const byDriver = new Map<
      string,
      {
        driver: string;
        planned: number;
        done: number;
        on_time: number;
        late: number;
        missed: number;
        on_time_pct: number;
      }
    >();
    for (const j of await jobsInScope(scope)) {
      const key = j.driver_name ?? "—";
      const row = byDriver.get(key) ?? {
        driver: key,
        planned: 0,
        done: 0,
        on_time: 0,
        late: 0,
        missed: 0,
        on_time_pct: 0,
      };
      row.planned++;
      if (j.status === "finished") row.done++;
      if (j.arrived_at) isLate(j, scope.period.timeZone, grace) ? row.late++ : row.on_time++;
      else if (zonedInstant(j.scheduled_date, j.scheduled_departure.slice(0, 5), scope.period.timeZone) < new Date())
        row.missed++;
      byDriver.set(key, row);
    }
    const rows = [...byDriver.values()].map((r) => ({
      ...r,
      on_time_pct: r.planned ? Math.round((r.on_time / r.planned) * 1000) / 10 : 0,
    }));
    return { rows: rows.sort((a, b) => a.driver.localeCompare(b.driver)).slice(0, scope.maxRows) };
  },
});

export const routeVisitsReport = defineReport({
  type: "route_visits",
  group: "routePlanning",
  permission: "routePlanning:read",
  params: z.object({}),
  texts: texts("route_visits"),
  columns: [
    { key: "date", kind: "date" },
    { key: "job", kind: "text" },
    { key: "driver", kind: "text" },
    { key: "vehicle", kind: "text" },
    { key: "address", kind: "place" },
    { key: "arrived", kind: "datetime" },
    { key: "departed", kind: "datetime" },
    { key: "planned", kind: "duration", total: "sum" },
    { key: "actual", kind: "duration", total: "sum" },
    { key: "lateness", kind: "duration", total: "avg" },
    { key: "planned_eta", kind: "datetime" },
    { key: "eta_delay", kind: "number", total: "avg" },
  ],
  chart: { type: "bar", category: "job", series: ["planned", "actual"] },
  async run(scope) {
    const rows: ReportRow[] = (await jobsInScope(scope))
      .filter((j) => j.arrived_at)
      .slice(0, scope.maxRows)
      .map((j) => {
        const due = zonedInstant(j.scheduled_date, j.scheduled_arrival.slice(0, 5), scope.period.timeZone);
        const eta = j.planned_arrival
          ? zonedInstant(j.scheduled_date, j.planned_arrival.slice(0, 5), scope.period.timeZone)
          : null;
        return {
          date: j.scheduled_date,
          job: j.name,
          driver: j.driver_name ?? "",
          vehicle: j.vehicle_registration ?? "",
          // the job's own address, else its point (named by the report's address pass)
          address: j.address?.trim() || coordinateText(j.latitude, j.longitude),
          arrived: j.arrived_at!.toISOString(),
          departed: j.departed_at ? j.departed_at.toISOString() : null,
          planned: minutes(
            zonedInstant(j.scheduled_date, j.scheduled_arrival.slice(0, 5), "UTC"),
            zonedInstant(j.scheduled_date, j.scheduled_departure.slice(0, 5), "UTC"),
          ),
          actual: j.departed_at ? minutes(j.arrived_at!, j.departed_at) : null,
          lateness: Math.max(0, minutes(due, j.arrived_at!)),
          // the optimised route's ETA (when the visit was on an accepted one) and the arrival against it, in minutes (− early)
          planned_eta: eta ? eta.toISOString() : null,
          eta_delay: eta ? minutes(eta, j.arrived_at!) / 60 : null,
        };
      });
    return { rows };
  },
});

export const routeAttendanceReport = defineReport({
  type: "route_attendance",
  group: "routePlanning",
  permission: "routePlanning:read",
  params: z.object({}),
  texts: texts("route_attendance"),
  columns: [
    { key: "date", kind: "date" },
    { key: "user", kind: "text" },
    { key: "start", kind: "datetime" },
    { key: "end", kind: "datetime" },
    { key: "worked", kind: "duration", total: "sum" },
    { key: "late", kind: "text" },
  ],
  async run(scope) {
    const days = await routeReportsRepo.attendance(
      scope.db,
      scope.orgId,
      scope.period.from,
      scope.period.to,
      scope.driverIds,
      scope.principal.teamIds,
    );
    return {
      rows: days.slice(0, scope.maxRows).map((d) => ({
        date: d.day,
        user: d.user_name,
        start: d.started_at.toISOString(),
        end: d.ended_at ? d.ended_at.toISOString() : null,
        worked: d.ended_at ? minutes(d.started_at, d.ended_at) : null,
        late: d.late ? "yes" : "no",
      })),
    };
  },
});

export const routePlanningReports = [routeJobsDoneReport, routeVisitsReport, routeAttendanceReport];
