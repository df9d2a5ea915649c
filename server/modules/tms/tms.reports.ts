import { z } from "zod";
import tmsAl from "../../../locales/al/tms.json" with { type: "json" };
import tmsEn from "../../../locales/en/tms.json" with { type: "json" };
import { defineReport, type ReportRow, type ReportScope, type ReportTexts } from "../shared/reports/report-definition";
import { ORDER_STATUSES } from "./tms.schema";
import { tmsReportsRepo, type OrdersOfPeriod } from "./tms-reports.repo";

/** The TMS reports' texts live in locales/<lng>/tms.json (section "reports"). */
const texts = (lng: typeof tmsEn, key: "deliveries" | "orders"): ReportTexts => ({
  title: lng.reports[key].title,
  answers: lng.reports[key].answers,
  columns: lng.reports.columns,
  values: { ...lng.status, ...lng.finishedBy },
  params: { status: lng.reports.columns.status },
});

const ofPeriod = (scope: ReportScope): OrdersOfPeriod => ({
  orgId: scope.orgId,
  vehicleIds: scope.vehicleIds,
  from: scope.period.from,
  to: scope.period.to,
  limit: scope.maxRows,
});

/** Per truck and day: orders planned, delivered, still on the way; weight and packets carried; planned distance. */
export const tmsDeliveriesReport = defineReport({
  type: "tms_deliveries",
  group: "tms",
  params: z.object({}),
  permission: "tms:read",
  columns: [
    { key: "day", kind: "date" },
    { key: "vehicle", kind: "text" },
    { key: "orders", kind: "count", total: "sum" },
    { key: "delivered", kind: "count", total: "sum" },
    { key: "on_the_way", kind: "count", total: "sum" },
    { key: "weight", kind: "number", total: "sum" },
    { key: "packets", kind: "count", total: "sum" },
  ],
  chart: { type: "bar", category: "vehicle", series: ["delivered", "on_the_way"], stacked: true },
  texts: { al: texts(tmsAl, "deliveries"), en: texts(tmsEn, "deliveries") },
  async run(scope) {
    const rows = await tmsReportsRepo.deliveriesPerTruckDay(scope.db, ofPeriod(scope));
    const out: ReportRow[] = rows.map((r) => ({
      day: r.day,
      vehicle: scope.vehicleNames.get(r.vehicle_id!) ?? "",
      orders: Number(r.orders),
      delivered: Number(r.delivered),
      on_the_way: Number(r.on_the_way),
      weight: Math.round(Number(r.weight) * 100) / 100,
      packets: Number(r.packets),
    }));
    return { rows: out };
  },
});

/** Every order of the period on the chosen trucks with its status and how it was delivered. */
export const tmsOrdersReport = defineReport({
  type: "tms_orders",
  group: "tms",
  params: z.object({
    status: z
      .enum(ORDER_STATUSES)
      .optional()
      .or(z.literal("").transform(() => undefined)),
  }),
  fields: [{ name: "status", kind: "select", options: ORDER_STATUSES, optionLabels: "tms:status.", empty: true }],
  permission: "tms:read",
  columns: [
    { key: "day", kind: "date" },
    { key: "order_id", kind: "text" },
    { key: "customer", kind: "text" },
    { key: "vehicle", kind: "text" },
    { key: "status", kind: "text" },
    { key: "weight", kind: "number", total: "sum" },
    { key: "packets", kind: "count", total: "sum" },
    { key: "finished_at", kind: "datetime" },
    { key: "finished_by", kind: "text" },
  ],
  chart: { type: "pie", category: "status", series: ["count"] },
  texts: { al: texts(tmsAl, "orders"), en: texts(tmsEn, "orders") },
  async run(scope, params) {
    const rows = await tmsReportsRepo.orders(scope.db, ofPeriod(scope), params.status);
    return {
      rows: rows.map((r) => ({
        day: r.delivery_date_at,
        order_id: r.order_id,
        customer: r.customer_name ?? r.customer_code,
        vehicle: scope.vehicleNames.get(r.vehicle_id!) ?? "",
        status: r.status,
        weight: Number(r.weight),
        packets: r.packets,
        finished_at: r.finished_at ? r.finished_at.toISOString() : null,
        finished_by: r.finished_by ?? "",
        count: 1,
      })),
    };
  },
});
