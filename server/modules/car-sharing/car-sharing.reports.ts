import { z } from "zod";
import al from "../../../locales/al/carSharing.json" with { type: "json" };
import en from "../../../locales/en/carSharing.json" with { type: "json" };
import { defineReport, type ReportRow } from "../shared/reports/report-definition";
import { bookingReportsRepo } from "./booking-reports.repo";

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** Bookings and utilisation per vehicle: booked hours ÷ the period's hours, distance driven, cancellations, no-shows. */
export const carSharingVehiclesReport = defineReport({
  type: "car_sharing_vehicles",
  group: "carSharing",
  params: z.object({}),
  permission: "carSharing:read",
  texts: { al: al.reports.car_sharing_vehicles, en: en.reports.car_sharing_vehicles },
  columns: [
    { key: "vehicle", kind: "text" },
    { key: "in_pool", kind: "text" },
    { key: "bookings", kind: "count", total: "sum" },
    { key: "booked", kind: "duration", total: "sum" },
    { key: "utilisation", kind: "percent", total: "avg" },
    { key: "distance", kind: "distance", total: "sum" },
    { key: "cancellations", kind: "count", total: "sum" },
    { key: "no_shows", kind: "count", total: "sum" },
  ],
  chart: { type: "bar", category: "vehicle", series: ["utilisation"] },
  async run(scope) {
    const rows = await bookingReportsRepo.perVehicle(
      scope.db,
      scope.orgId,
      scope.vehicleIds,
      scope.period.start,
      scope.period.end,
    );
    const periodS = (scope.period.end.getTime() - scope.period.start.getTime()) / 1000;
    const out: ReportRow[] = rows.slice(0, scope.maxRows).map((r) => ({
      vehicle: r.registration,
      in_pool: r.in_pool ? "yes" : "no",
      bookings: Number(r.bookings),
      booked: Math.round(Number(r.booked_s)),
      utilisation: pct(Number(r.booked_s), periodS),
      distance: Math.round(Number(r.distance_km) * 1000),
      cancellations: Number(r.cancellations),
      no_shows: Number(r.no_shows),
    }));
    return { rows: out, truncated: rows.length > scope.maxRows };
  },
});

/** Bookings per user on the vehicles in scope: count, hours, distance, cancellations, no-shows. */
export const carSharingUsersReport = defineReport({
  type: "car_sharing_users",
  group: "carSharing",
  params: z.object({}),
  permission: "carSharing:read",
  texts: { al: al.reports.car_sharing_users, en: en.reports.car_sharing_users },
  columns: [
    { key: "user", kind: "text" },
    { key: "bookings", kind: "count", total: "sum" },
    { key: "booked", kind: "duration", total: "sum" },
    { key: "distance", kind: "distance", total: "sum" },
    { key: "cancellations", kind: "count", total: "sum" },
    { key: "no_shows", kind: "count", total: "sum" },
  ],
  chart: { type: "bar", category: "user", series: ["bookings"] },
  async run(scope) {
    const rows = await bookingReportsRepo.perUser(
      scope.db,
      scope.orgId,
      scope.vehicleIds,
      scope.principal.teamIds,
      scope.period.start,
      scope.period.end,
    );
    const out: ReportRow[] = rows.slice(0, scope.maxRows).map((r) => ({
      user: r.name,
      bookings: Number(r.bookings),
      booked: Math.round(Number(r.booked_s)),
      distance: Math.round(Number(r.distance_km) * 1000),
      cancellations: Number(r.cancellations),
      no_shows: Number(r.no_shows),
    }));
    return { rows: out, truncated: rows.length > scope.maxRows };
  },
});
