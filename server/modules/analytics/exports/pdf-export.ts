import PDFDocument from "pdfkit";
import type { Writable } from "node:stream";
import { formatInstant } from "../../../shared/dates";
import type { ReportRun } from "../analytics.service";
import type { ReportRow } from "../../shared/reports/report-definition";
import { analyticsText, columnLabel, formatCell, numericCell, reportTitle, totals } from "./report-text";

const MARGIN = 36;
const ROW_H = 14;
const FONT_SIZE = 7.5;
const BAR_COLOUR = "#2563eb";

/** Sums each category's first series value (numbers as exported: km, hours, …), largest first, at most 20 bars. */
export function chartBars(run: ReportRun, lng: "al" | "en"): Array<{ label: string; value: number }> {
  const chart = run.definition.chart;
  if (!chart) return [];
  const col = run.definition.columns.find((c) => c.key === chart.series[0]);
  const cat = run.definition.columns.find((c) => c.key === chart.category);
  const sums = new Map<string, number>();
  for (const r of run.result.rows) {
    // a text category in the reader's words, as the table writes it ("business" is "Business", "Biznes")
    const label =
      cat?.kind === "text"
        ? formatCell("text", r[chart.category], lng, run.period.timeZone, run.definition.type)
        : String(r[chart.category] ?? "");
    const v = col ? (numericCell(col.kind, r[col.key]) ?? 0) : 1;
    sums.set(label, (sums.get(label) ?? 0) + v);
  }
  const bars = [...sums.entries()].map(([label, value]) => ({ label, value }));
  if (cat?.key === "day" || cat?.key === "period") bars.sort((a, b) => a.label.localeCompare(b.label));
  else bars.sort((a, b) => b.value - a.value);
  return bars.slice(0, 20);
}

/**
 * The report as a PDF for printing or mailing: the organisation's name, the report and its period, a bar
 * chart of its main figure, the table with its header on every page and a totals row, and "Page N of M".
 */
export async function writeReportPdf(run: ReportRun, lng: "al" | "en", orgName: string, out: Writable): Promise<void> {
  const text = analyticsText(lng);
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: reportTitle(lng, run.definition.type), Author: orgName },
  });
  doc.pipe(out);
  const done = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const tz = run.period.timeZone;

  doc.font("Helvetica-Bold").fontSize(14).text(orgName);
  doc.fontSize(12).text(reportTitle(lng, run.definition.type));
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#444")
    .text(
      `${text.params.period}: ${run.common.from} – ${run.common.to}   ·   ${text.run.generated.replace("{{time}}", formatInstant(new Date(), tz))}`,
    );
  doc.fillColor("black").moveDown(0.5);

  const bars = chartBars(run, lng);
  if (bars.length) drawBars(doc, bars, width, columnLabelOf(run, lng));

  const cols = run.definition.columns;
  const weights = cols.map((c) => (c.kind === "text" || c.kind === "place" ? 2 : c.kind === "datetime" ? 1.6 : 1));
  const unit = width / weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => w * unit);
  const header = () => {
    doc.font("Helvetica-Bold").fontSize(FONT_SIZE);
    drawRow(
      doc,
      cols.map((c) => columnLabel(lng, c, run.definition.type)),
      widths,
      true,
    );
    doc.font("Helvetica").fontSize(FONT_SIZE);
  };
  header();
  const bottom = doc.page.height - MARGIN - 16;
  const rowCells = (r: ReportRow) => cols.map((c) => formatCell(c.kind, r[c.key], lng, tz, run.definition.type));
  let i = 0;
  for (const r of run.result.rows) {
    if (doc.y + ROW_H > bottom) {
      doc.addPage();
      header();
    }
    if (i++ % 2) doc.rect(MARGIN, doc.y, width, ROW_H).fill("#f3f4f6").fillColor("black");
    drawRow(doc, rowCells(r), widths, false);
  }
  const t = totals(cols, run.result.rows);
  if (t) {
    if (doc.y + ROW_H > bottom) doc.addPage();
    doc.font("Helvetica-Bold");
    drawRow(
      doc,
      cols.map((c, k) => (k === 0 ? text.run.total : formatCell(c.kind, t[c.key], lng, tz, run.definition.type))),
      widths,
      true,
    );
  }
  if (!run.result.rows.length) doc.font("Helvetica").fontSize(10).text(text.run.empty);

  const range = doc.bufferedPageRange();
  for (let p = 0; p < range.count; p++) {
    doc.switchToPage(range.start + p);
    // writing inside the bottom margin would otherwise start a new page
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor("#444")
      .text(
        text.run.page.replace("{{page}}", String(p + 1)).replace("{{pages}}", String(range.count)),
        MARGIN,
        doc.page.height - MARGIN - 8,
        { width, align: "right", lineBreak: false },
      );
  }
  doc.end();
  await done;
}

function columnLabelOf(run: ReportRun, lng: "al" | "en"): string {
  const col = run.definition.columns.find((c) => c.key === run.definition.chart?.series[0]);
  return col ? columnLabel(lng, col, run.definition.type) : "";
}

function drawRow(doc: PDFKit.PDFDocument, cells: string[], widths: number[], underline: boolean) {
  const y = doc.y;
  let x = MARGIN;
  cells.forEach((c, k) => {
    doc.text(c, x + 2, y + 3, { width: widths[k] - 4, height: ROW_H - 2, ellipsis: true, lineBreak: false });
    x += widths[k];
  });
  if (underline)
    doc
      .moveTo(MARGIN, y + ROW_H)
      .lineTo(x, y + ROW_H)
      .lineWidth(0.5)
      .stroke();
  doc.x = MARGIN;
  doc.y = y + ROW_H;
}

function drawBars(
  doc: PDFKit.PDFDocument,
  bars: Array<{ label: string; value: number }>,
  width: number,
  caption: string,
) {
  const top = doc.y + 4;
  const height = 120;
  const labelW = 130;
  const barH = Math.min(12, (height - 14) / bars.length);
  const max = Math.max(...bars.map((b) => b.value), 1e-9);
  doc.font("Helvetica-Bold").fontSize(8).text(caption, MARGIN, top);
  doc.font("Helvetica").fontSize(6.5);
  bars.forEach((b, k) => {
    const y = top + 12 + k * barH;
    doc
      .fillColor("black")
      .text(b.label, MARGIN, y, { width: labelW - 4, height: barH, ellipsis: true, lineBreak: false });
    const w = Math.max(0.5, ((width - labelW - 60) * b.value) / max);
    doc.rect(MARGIN + labelW, y + 1, w, barH - 2).fill(BAR_COLOUR);
    doc.fillColor("black").text(b.value.toFixed(1), MARGIN + labelW + w + 4, y, { lineBreak: false });
  });
  doc.fillColor("black");
  doc.x = MARGIN;
  doc.y = top + 12 + bars.length * barH + 10;
}
