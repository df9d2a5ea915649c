import PDFDocument from "pdfkit";
import { formatInstantTime } from "../../shared/dates";
import type { DeliveringList } from "./dispatch.service";
import { fromMinutes } from "./tms.schema";

const MARGIN = 36;
const ROW_H = 30;

export interface DeliveringTexts {
  title: string;
  stop: string;
  orderId: string;
  customer: string;
  address: string;
  packets: string;
  weight: string;
  window: string;
  notes: string;
  total: string;
  signature: string;
  eta: string;
}

/** The delivering list as an A4 PDF for the driver: one row per stop, room to sign. */
export async function deliveringPdf(list: DeliveringList, texts: DeliveringTexts, timeZone: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: MARGIN,
    info: { Title: `${texts.title} ${list.truck.label} ${list.plan.day}` },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 2 * MARGIN;
  doc.font("Helvetica-Bold").fontSize(14).text(`${texts.title}: ${list.truck.label}`);
  doc.font("Helvetica").fontSize(10).text(`${list.plan.day} · ${list.plan.name}`);
  doc.moveDown(0.5);
  const cols = [
    { label: texts.stop, w: 0.5 },
    { label: texts.orderId, w: 1.2 },
    { label: texts.customer, w: 2 },
    { label: texts.address, w: 2.2 },
    { label: texts.window, w: 1 },
    { label: texts.eta, w: 0.8 },
    { label: texts.packets, w: 0.8 },
    { label: texts.weight, w: 0.9 },
    { label: texts.notes, w: 2 },
    { label: texts.signature, w: 1.5 },
  ];
  const unit = width / cols.reduce((s, c) => s + c.w, 0);
  const row = (cells: string[], bold: boolean, height: number) => {
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8);
    cells.forEach((c, i) => {
      doc.text(c, x + 2, y + 3, { width: cols[i].w * unit - 4, height: height - 4, ellipsis: true });
      x += cols[i].w * unit;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .strokeColor("#999")
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };
  row(
    cols.map((c) => c.label),
    true,
    18,
  );
  for (const s of list.stops) {
    if (doc.y + ROW_H > doc.page.height - MARGIN) {
      doc.addPage();
      row(
        cols.map((c) => c.label),
        true,
        18,
      );
    }
    row(
      [
        String(s.sequence),
        s.order_id,
        [s.customer_name, s.customer_code].filter(Boolean).join(" · "),
        s.address ?? "",
        s.window_start !== null ? `${fromMinutes(s.window_start)}–${fromMinutes(s.window_end)}` : "",
        s.eta ? formatInstantTime(s.eta, timeZone) : "",
        String(s.packets),
        String(s.weight),
        s.notes ?? "",
        "",
      ],
      false,
      ROW_H,
    );
  }
  row([texts.total, "", "", "", "", "", String(list.totals.packets), String(list.totals.weight), "", ""], true, 18);
  doc.end();
  return done;
}
