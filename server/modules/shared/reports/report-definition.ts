import type { z } from "zod";
import type { AppContext } from "../../../context";
import type { DB } from "../../../db/database";
import type { Principal } from "../../access/principal";
import type { Period } from "./period";

/** How a column's values are shown and exported (units are converted for display, not here). */
export type ColumnKind =
  | "text"
  | "date"
  | "datetime"
  | "duration"
  | "distance"
  | "odometer"
  | "speed"
  | "count"
  | "number"
  | "percent"
  | "place";

export interface ReportColumn {
  key: string;
  kind: ColumnKind;
  /** summed (or averaged) in the totals row */
  total?: "sum" | "avg" | "max";
}

export interface ReportChart {
  type: "bar" | "line" | "pie";
  /** the column on the category axis (or the pie's names) */
  category: string;
  /** the numeric columns drawn */
  series: string[];
  stacked?: boolean;
}

export type ReportRow = Record<string, string | number | boolean | null>;

export interface ReportResult {
  rows: ReportRow[];
  /** rows beyond the on-screen limit are only in exports */
  truncated?: boolean;
}

/** What every report run gets: who asks, the period, and the vehicles they may see and chose. */
export interface ReportScope {
  ctx: AppContext;
  db: DB;
  principal: Principal;
  orgId: string;
  period: Period;
  /** the vehicles in scope (already limited to what the principal may see); never empty */
  vehicleIds: string[];
  /** chosen drivers, or null for all */
  driverIds: string[] | null;
  vehicleNames: Map<string, string>;
  driverNames: Map<string, string>;
  /** rows to return at most (the screen's limit, or every row for an export) */
  maxRows: number;
  /** the organisation's speed limit for speeding and eco scores (analytics settings) */
  speedLimitKmh: number;
}

/**
 * One of a report type's own parameters as the report form shows it (the params schema still decides what is
 * valid). Labels: `<labels>.<name>` and options `<optionLabels><option>` (i18n keys, "ns:key" allowed).
 */
export type ReportField =
  | { name: string; kind: "number"; min: number; max: number; step?: number; default: number }
  | {
      name: string;
      kind: "select";
      options: readonly string[];
      optionLabels: string;
      default?: string;
      empty?: boolean;
    }
  | { name: string; kind: "time"; default: string }
  | { name: string; kind: "weekdays"; default: number[] }
  /** several of the organisation's geofences or points of interest (none chosen: all of them) */
  | { name: string; kind: "places"; placeKind: "geofence" | "poi" };

/** A module's own report texts (its locales/<lng>/<module>.json section), for reports outside analytics.json. */
export interface ReportTexts {
  title: string;
  answers: string;
  columns: Record<string, string>;
  /** translated text values (statuses, kinds) shown in "text" columns */
  values?: Record<string, string>;
  /** labels of the report's own parameters (ReportField names) */
  params?: Record<string, string>;
}

/**
 * One report type: its own parameters (on top of period, vehicles, teams and drivers), columns, chart and
 * query. Adding a report is adding one of these to the catalogue (catalogue.ts) and its texts to
 * locales/<lng>/analytics.json.
 */
export interface ReportDefinition<P extends z.ZodType = z.ZodType> {
  type: string;
  group:
    | "activity"
    | "driving"
    | "places"
    | "events"
    | "devices"
    | "carSharing"
    | "maintenance"
    | "routePlanning"
    | "tms"
    | "video";
  /** the report's own parameters (parsed from the same form or query as the common ones) */
  params: P;
  /** how the report form asks for `params` (none: the report has no own parameters on screen) */
  fields?: ReportField[];
  columns: ReportColumn[];
  chart?: ReportChart;
  /** spec section 5: the detailed report refuses to run without a vehicle */
  requiresVehicle?: boolean;
  /** the permission a user needs besides analytics:read (e.g. immobilization:read) */
  permission?: import("../../access/permissions").Permission;
  /**
   * Texts of a report that lives in another module (maintenance, car sharing…): imported from that module's
   * locale files. Without it, the texts are analytics.json's reports.<type>, columns and values.
   */
  texts?: { al: ReportTexts; en: ReportTexts };
  run(scope: ReportScope, params: z.infer<P>): Promise<ReportResult>;
}

export const defineReport = <P extends z.ZodType>(r: ReportDefinition<P>): ReportDefinition<P> => r;
