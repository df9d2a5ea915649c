import ExcelJS from "exceljs";
import type { Writable } from "node:stream";
import { formatInstant } from "../../../shared/dates";
import type { ReportRun } from "../analytics.service";
import type { ColumnKind } from "../../shared/reports/report-definition";
import { analyticsText, columnLabel, formatCell, numericCell, reportTitle, totals } from "./report-text";

const NUMBER_FORMAT: Partial<Record<ColumnKind, string>> = {
  distance: "0.0",
  odometer: "0.0",
  duration: "[h]:mm",
  speed: "0",
  percent: "0.0",
  count: "0",
  number: "0.##",
};

/**
 * Streams the report as an Excel workbook: rows are committed as they are written, so a 100,000-row
 * report does not sit in memory as a workbook. Numbers stay numbers (durations as Excel times).
 */
export async function writeReportXlsx(run: ReportRun, lng: "al" | "en", orgName: string, out: Writable): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = "Flota";
  const title = reportTitle(lng, run.definition.type);
  const ws = wb.addWorksheet(title.slice(0, 31));
  const cols = run.definition.columns;
  const tz = run.period.timeZone;
  ws.columns = cols.map((c) => ({ key: c.key, width: c.kind === "text" || c.kind === "place" ? 24 : 16 }));
  ws.addRow([`${orgName} — ${title}`]).commit();
  ws.addRow([`${run.common.from} – ${run.common.to}`]).commit();
  ws.addRow([]).commit();
  const header = ws.addRow(cols.map((c) => columnLabel(lng, c, run.definition.type)));
  header.font = { bold: true };
  header.commit();
  const cellValue = (kind: ColumnKind, v: unknown) => {
    if (kind === "duration") return v === null || v === undefined ? null : Number(v) / 86_400;
    if (kind === "datetime") return v ? formatInstant(String(v), tz) : null;
    const n = numericCell(kind, v);
    return n ?? (formatCell(kind, v, lng, tz, run.definition.type) || null);
  };
  const writeRow = (values: Array<unknown>, bold = false) => {
    const row = ws.addRow(values);
    cols.forEach((c, i) => {
      const f = NUMBER_FORMAT[c.kind];
      if (f) row.getCell(i + 1).numFmt = f;
    });
    if (bold) row.font = { bold: true };
    row.commit();
  };
  for (const r of run.result.rows) writeRow(cols.map((c) => cellValue(c.kind, r[c.key])));
  const t = totals(cols, run.result.rows);
  if (t)
    writeRow(
      cols.map((c, i) => (i === 0 ? analyticsText(lng).run.total : cellValue(c.kind, t[c.key]))),
      true,
    );
  ws.commit();
  await wb.commit();
}
