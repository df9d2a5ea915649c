import { csvCell as quote } from "../../../shared/csv";
import type { ReportRun } from "../analytics.service";
import { columnLabel, formatCell, totals, analyticsText } from "./report-text";

/**
 * The report as CSV (UTF-8 with a byte-order mark so spreadsheet programs read ë and ç), every row and a totals line;
 * every cell through the shared writer, which defuses formulas.
 */
export function reportCsv(run: ReportRun, lng: "al" | "en"): string {
  const cols = run.definition.columns;
  const tz = run.period.timeZone;
  const lines = [cols.map((c) => quote(columnLabel(lng, c, run.definition.type))).join(",")];
  for (const r of run.result.rows)
    lines.push(cols.map((c) => quote(formatCell(c.kind, r[c.key], lng, tz, run.definition.type))).join(","));
  const t = totals(cols, run.result.rows);
  if (t)
    lines.push(
      cols
        .map((c, i) =>
          i === 0
            ? quote(analyticsText(lng).run.total)
            : quote(formatCell(c.kind, t[c.key], lng, tz, run.definition.type)),
        )
        .join(","),
    );
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
