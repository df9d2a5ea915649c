import type { Writable } from "node:stream";
import type { AppContext } from "../../../context";
import type { Principal } from "../../access/principal";
import { orgName } from "../../organization";
import { runReport, type ReportRun } from "../analytics.service";
import { reportCsv } from "./csv-export";
import { writeReportPdf } from "./pdf-export";
import { reportTitle } from "./report-text";
import { writeReportXlsx } from "./xlsx-export";

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

/** "trips-2026-11-01-2026-11-30.pdf" */
export const exportFileName = (run: Pick<ReportRun, "definition" | "common">, format: ExportFormat) =>
  `${run.definition.type}-${run.common.from}-${run.common.to}.${format}`;

/** Writes a run in a format (every row). */
export async function writeExport(
  ctx: AppContext,
  orgId: string,
  run: ReportRun,
  format: ExportFormat,
  lng: "al" | "en",
  out: Writable,
): Promise<void> {
  if (format === "csv") {
    out.end(reportCsv(run, lng));
    return;
  }
  const name = await orgName(ctx, orgId);
  if (format === "xlsx") await writeReportXlsx(run, lng, name, out);
  else await writeReportPdf(run, lng, name, out);
}

/** Runs the report with every row and prepares its download. */
export async function prepareExport(
  ctx: AppContext,
  p: Principal,
  type: string,
  input: Record<string, unknown>,
  format: ExportFormat,
  lng: "al" | "en",
) {
  const run = await runReport(ctx, p, type, input, { allRows: true });
  return {
    run,
    fileName: exportFileName(run, format),
    contentType: CONTENT_TYPES[format],
    title: reportTitle(lng, type),
    write: (out: Writable) => writeExport(ctx, p.orgId, run, format, lng, out),
  };
}
