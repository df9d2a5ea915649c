import analyticsAl from "../../../../locales/al/analytics.json" with { type: "json" };
import analyticsEn from "../../../../locales/en/analytics.json" with { type: "json" };
import { formatInstant } from "../../../shared/dates";
import { formatAddress } from "../../addresses";
import { reportByType } from "../../shared/reports/registry";
import type { ColumnKind, ReportColumn, ReportRow, ReportTexts } from "../../shared/reports/report-definition";

type Language = "al" | "en";
const TEXT = { al: analyticsAl, en: analyticsEn } as const;
export type AnalyticsText = typeof analyticsEn;

export const analyticsText = (lng: Language): AnalyticsText => TEXT[lng];

const ownTexts = (lng: Language, type: string | undefined): ReportTexts | undefined =>
  type ? reportByType(type)?.texts?.[lng] : undefined;

export function reportTitle(lng: Language, type: string): string {
  return ownTexts(lng, type)?.title ?? (TEXT[lng].reports as Record<string, { title: string }>)[type]?.title ?? type;
}

/** What a report answers (the list's line under its title). */
export function reportAnswers(lng: Language, type: string): string {
  return (
    ownTexts(lng, type)?.answers ?? (TEXT[lng].reports as Record<string, { answers?: string }>)[type]?.answers ?? ""
  );
}

/** A column's heading with its unit; `type` finds a module report's own texts. */
export function columnLabel(lng: Language, c: ReportColumn, type?: string): string {
  const label = ownTexts(lng, type)?.columns[c.key] ?? (TEXT[lng].columns as Record<string, string>)[c.key] ?? c.key;
  const u = TEXT[lng].units;
  const unit: Partial<Record<ColumnKind, string>> = { distance: u.km, odometer: u.km, speed: u.kmh, duration: u.h };
  return unit[c.kind] ? `${label} (${unit[c.kind]})` : c.kind === "percent" ? `${label} (%)` : label;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Seconds as h:mm (hours may pass 24: a period's engine hours). */
export const hoursMinutes = (s: number) => {
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)}:${pad(m % 60)}`;
};

/**
 * A cell as the reader sees it, the same on screen, in CSV, Excel and PDF: dates YYYY-MM-DD HH:mm in the
 * organisation's zone, distances and odometers in km, durations h:mm, speeds in whole km/h.
 */
export function formatCell(kind: ColumnKind, value: unknown, lng: Language, timeZone: string, type?: string): string {
  if (value === null || value === undefined || value === "") return "";
  switch (kind) {
    case "datetime":
      return formatInstant(String(value), timeZone);
    case "distance":
    case "odometer":
      return (Number(value) / 1000).toFixed(1);
    case "duration":
      return hoursMinutes(Number(value));
    case "speed":
      return String(Math.round(Number(value)));
    case "percent":
      return Number(value).toFixed(1);
    case "number":
      return Number.isInteger(Number(value)) ? String(value) : Number(value).toFixed(2);
    case "place":
      return formatAddress(String(value), lng);
    case "text": {
      const v =
        ownTexts(lng, type)?.values?.[String(value)] ?? (TEXT[lng].values as Record<string, string>)[String(value)];
      return v ?? String(value);
    }
    default:
      return String(value);
  }
}

/** The numeric value an export keeps for a cell (km, hours, …), or null for text. */
export function numericCell(kind: ColumnKind, value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  switch (kind) {
    case "distance":
    case "odometer":
      return Math.round(Number(value)) / 1000;
    case "duration":
      return Number(value) / 3600;
    case "speed":
    case "percent":
    case "count":
    case "number":
      return Number(value);
    default:
      return null;
  }
}

/** The totals row: sums, averages and maxima as the columns ask. */
export function totals(columns: ReportColumn[], rows: ReportRow[]): ReportRow | null {
  if (!rows.length || !columns.some((c) => c.total)) return null;
  const out: ReportRow = {};
  for (const c of columns) {
    if (!c.total) continue;
    const values = rows.map((r) => r[c.key]).filter((v): v is number => typeof v === "number");
    if (!values.length) continue;
    out[c.key] =
      c.total === "sum"
        ? values.reduce((a, b) => a + b, 0)
        : c.total === "max"
          ? Math.max(...values)
          : values.reduce((a, b) => a + b, 0) / values.length;
  }
  return out;
}
