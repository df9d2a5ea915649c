import { z } from "zod";
import al from "../../../locales/al/maintenance.json" with { type: "json" };
import en from "../../../locales/en/maintenance.json" with { type: "json" };
import { defineReport, type ReportRow, type ReportTexts } from "../shared/reports/report-definition";
import { vehicleCosts } from "./costs.service";
import { listFuelRows } from "./fuel.service";
import { listReminderViews } from "./reminders.service";
import { recordsRepo } from "./records.repo";

type Type = keyof typeof en.reports;
/** A report's texts from maintenance.json (reports.<type>), with the statuses and flags as values. */
const texts = (type: Type): { al: ReportTexts; en: ReportTexts } => {
  const of = (l: typeof en) => ({
    ...l.reports[type],
    values: { ...l.status, ...l.kinds, ...l.fuel.flags, yes: l.fuel.full, no: l.fuel.partial },
  });
  return { al: of(al as typeof en), en: of(en) };
};

export const maintenanceCostsReport = defineReport({
  type: "maintenance_costs",
  group: "maintenance",
  params: z.object({}),
  permission: "maintenance:read",
  texts: texts("maintenance_costs"),
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "service", kind: "number", total: "sum" },
    { key: "parts", kind: "number", total: "sum" },
    { key: "wash", kind: "number", total: "sum" },
    { key: "fuel", kind: "number", total: "sum" },
    { key: "total", kind: "number", total: "sum" },
    { key: "distance_km", kind: "number", total: "sum" },
    { key: "cost_per_km", kind: "number" },
    { key: "purchase_price", kind: "number", total: "sum" },
  ],
  chart: { type: "bar", category: "vehicle", series: ["service", "parts", "wash", "fuel"], stacked: true },
  async run(scope) {
    const vehicles = scope.vehicleIds.map((id) => ({
      id,
      registration: scope.vehicleNames.get(id) ?? "",
      team_id: null,
    }));
    const rows = await vehicleCosts(scope.ctx, scope.orgId, vehicles, scope.period.from, scope.period.to);
    return {
      rows: rows
        .filter((r) => r.total > 0)
        .slice(0, scope.maxRows)
        .map(
          (r): ReportRow => ({
            vehicle: r.registration,
            service: r.service,
            parts: r.parts,
            wash: r.wash,
            fuel: r.fuel,
            total: r.total,
            distance_km: r.distance_km,
            cost_per_km: r.cost_per_km,
            purchase_price: r.purchase_price,
          }),
        ),
    };
  },
});

export const fuelReport = defineReport({
  type: "fuel_refuels",
  group: "maintenance",
  params: z.object({}),
  permission: "maintenance:read",
  texts: texts("fuel_refuels"),
  columns: [
    { key: "date", kind: "date" },
    { key: "vehicle", kind: "text" },
    { key: "liters", kind: "number", total: "sum" },
    { key: "price", kind: "number", total: "sum" },
    { key: "odometer_km", kind: "number" },
    { key: "engine_hours", kind: "number" },
    { key: "full_tank", kind: "text" },
    { key: "consumption", kind: "number", total: "avg" },
    { key: "l_per_hour", kind: "number", total: "avg" },
    { key: "flags", kind: "text" },
    { key: "bill_number", kind: "text" },
  ],
  chart: { type: "bar", category: "vehicle", series: ["liters"] },
  async run(scope) {
    const inScope = new Set(scope.vehicleIds);
    const rows = (
      await listFuelRows(scope.ctx, scope.principal, { from: scope.period.from, to: scope.period.to })
    ).filter((r) => inScope.has(r.vehicle_id));
    return {
      rows: rows.slice(0, scope.maxRows).map(
        (r): ReportRow => ({
          date: r.filled_on,
          vehicle: r.registration,
          liters: Number(r.liters),
          price: Number(r.price),
          odometer_km: Number(r.odometer_km),
          engine_hours: r.engine_hours === null ? null : Number(r.engine_hours),
          full_tank: r.full_tank ? "yes" : "no",
          consumption: r.consumption,
          l_per_hour: r.l_per_hour,
          flags: r.flags.join(", "),
          bill_number: r.bill_number ?? "",
        }),
      ),
      truncated: rows.length > scope.maxRows,
    };
  },
});

export const remindersDueReport = defineReport({
  type: "reminders_due",
  group: "maintenance",
  params: z.object({}),
  permission: "maintenance:read",
  texts: texts("reminders_due"),
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "reminder", kind: "text" },
    { key: "kind", kind: "text" },
    { key: "status", kind: "text" },
    { key: "due_date", kind: "date" },
    { key: "due_km", kind: "number" },
    { key: "days_left", kind: "number" },
    { key: "km_left", kind: "number" },
    { key: "odometer_km", kind: "number" },
    { key: "due_hours", kind: "number" },
    { key: "hours_left", kind: "number" },
    { key: "engine_hours", kind: "number" },
  ],
  chart: { type: "pie", category: "status", series: ["count"] },
  async run(scope) {
    const inScope = new Set(scope.vehicleIds);
    const page = await listReminderViews(
      scope.ctx,
      scope.principal,
      {},
      { q: "", page: 1, size: 1_000_000, dir: "asc" },
    );
    const rows = page.items.filter(
      (r) => inScope.has(r.vehicle_id) && ["due_soon", "due", "overdue"].includes(r.status),
    );
    return {
      rows: rows.slice(0, scope.maxRows).map(
        (r): ReportRow => ({
          vehicle: r.registration,
          reminder: r.name,
          kind: r.kind,
          status: r.status,
          due_date: r.dueDate,
          due_km: r.dueKm,
          days_left: r.daysLeft,
          km_left: r.kmLeft,
          odometer_km: r.odometer_km,
          due_hours: r.dueHours,
          hours_left: r.hoursLeft,
          engine_hours: r.engine_hours,
          count: 1,
        }),
      ),
    };
  },
});

export const partsUsedReport = defineReport({
  type: "parts_used",
  group: "maintenance",
  params: z.object({}),
  permission: "maintenance:read",
  texts: texts("parts_used"),
  columns: [
    { key: "date", kind: "date" },
    { key: "vehicle", kind: "text" },
    { key: "service", kind: "text" },
    { key: "part", kind: "text" },
    { key: "part_number", kind: "text" },
    { key: "quantity", kind: "number", total: "sum" },
    { key: "unit_price", kind: "number" },
    { key: "cost", kind: "number", total: "sum" },
  ],
  chart: { type: "bar", category: "part", series: ["cost"] },
  async run(scope) {
    const rows = await recordsRepo.partsUsed(scope.db, {
      orgId: scope.orgId,
      vehicleIds: scope.vehicleIds,
      from: scope.period.from,
      to: scope.period.to,
      limit: scope.maxRows + 1,
    });
    return {
      rows: rows.slice(0, scope.maxRows).map(
        (r): ReportRow => ({
          date: r.completed_on,
          vehicle: scope.vehicleNames.get(r.vehicle_id) ?? "",
          service: r.service_type,
          part: r.name,
          part_number: r.part_number ?? "",
          quantity: Number(r.quantity),
          unit_price: Number(r.unit_price),
          cost: Math.round(Number(r.quantity) * Number(r.unit_price) * 100) / 100,
        }),
      ),
      truncated: rows.length > scope.maxRows,
    };
  },
});

export const MAINTENANCE_REPORTS = [maintenanceCostsReport, fuelReport, remindersDueReport, partsUsedReport];
