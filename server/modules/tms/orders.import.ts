import ExcelJS from "exceljs";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import type { Principal } from "../access/principal";
import { parseCsvRecords } from "../../shared/csv";
import { insertOrders } from "./orders.service";
import { ordersRepo } from "./orders.repo";
import { tmsPolicy } from "./tms.policy";
import { MAX_IMPORT_ROWS, orderInputSchema, type OrderInput } from "./tms.schema";

/** Columns of the import file: the spec's field names (orderId, …), the form's names (order_id, …) are read too. */
export const IMPORT_COLUMNS = [
  "orderId",
  "clientOrderId",
  "customerCode",
  "customerName",
  "address",
  "latitude",
  "longitude",
  "region",
  "business",
  "packets",
  "weight",
  "salesAgent",
  "deliveryDateAt",
  "windowStart",
  "windowEnd",
  "notes",
] as const;
const FIELD: Record<string, keyof OrderInput> = Object.fromEntries(
  IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`) as keyof OrderInput]),
);
for (const f of Object.values({ ...FIELD })) FIELD[f.replace(/_/g, "")] = f;

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export interface ImportCheck {
  total: number;
  valid: OrderInput[];
  errors: Array<{ row: number; orderId: string; messages: string[] }>;
}

export const SAMPLE_CSV = `${IMPORT_COLUMNS.join(",")}
SO-1001,C-55,CUST-100,Market Rinia,"Rruga e Kavajës 12, Tiranë",41.3235,19.8020,Tiranë,Retail,6,84.5,Arta,2026-12-01,08:00,11:00,Back door
SO-1002,,CUST-101,Bar Sheshi,"Sheshi Skënderbej, Tiranë",41.3275,19.8187,Tiranë,HoReCa,2,12,Ilir,2026-12-01,,,
`;

async function readRows(name: string, data: Buffer): Promise<Array<{ row: number; cells: Record<string, string> }>> {
  let table: string[][];
  if (/\.xlsx$/i.test(name)) {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw new AppError("IMPORT_FORMAT", "Not a readable XLSX file");
    }
    const sheet = wb.worksheets[0];
    table = [];
    sheet?.eachRow({ includeEmpty: true }, (r, n) => {
      const values = (r.values as unknown[])
        .slice(1)
        .map((v) =>
          v instanceof Date
            ? v.toISOString().slice(0, 10)
            : v && typeof v === "object" && "text" in v
              ? String((v as { text: unknown }).text)
              : v == null
                ? ""
                : String(v),
        );
      table[n - 1] = values;
    });
    table = Array.from(table, (r) => r ?? []);
  } else {
    const text = data.toString("utf8").replace(/^\uFEFF/, "");
    table = parseCsvRecords(text).map((r) => r.cells);
  }
  const [header, ...rest] = table;
  const keys = (header ?? []).map(
    (h) =>
      FIELD[
        String(h)
          .trim()
          .toLowerCase()
          .replace(/[\s_-]/g, "")
      ] ?? null,
  );
  if (!keys.includes("order_id"))
    throw new AppError("IMPORT_FORMAT", "The first row must name the columns (orderId, customerCode, …)");
  return rest
    .map((cells, i) => ({
      row: i + 2,
      cells: Object.fromEntries(keys.flatMap((k, j) => (k ? [[k, (cells[j] ?? "").trim()]] : []))),
    }))
    .filter((r) => Object.values(r.cells).some((v) => v !== ""));
}

/** Parses and checks every row (fields, duplicates in the file, order ids already used) before anything is saved. */
export async function checkOrdersFile(
  ctx: AppContext,
  p: Principal,
  file: { name: string; data: Buffer },
): Promise<ImportCheck> {
  tmsPolicy.write(p);
  if (file.data.length > MAX_IMPORT_BYTES) throw new AppError("IMPORT_TOO_LARGE", "The file is too large");
  const rows = await readRows(file.name, file.data);
  if (rows.length > MAX_IMPORT_ROWS) throw new AppError("IMPORT_TOO_LARGE", `At most ${MAX_IMPORT_ROWS} rows`);
  return checkRows(ctx, p, rows);
}

export async function checkRows(
  ctx: AppContext,
  p: Principal,
  rows: Array<{ row: number; cells: Record<string, unknown> }>,
): Promise<ImportCheck> {
  const taken = await ordersRepo.existingOrderIds(
    ctx.db,
    p.orgId,
    rows.map((r) => String(r.cells.order_id ?? "")).filter(Boolean),
  );
  const seen = new Set<string>();
  const out: ImportCheck = { total: rows.length, valid: [], errors: [] };
  for (const { row, cells } of rows) {
    const parsed = orderInputSchema.safeParse(cells);
    const orderId = String(cells.order_id ?? "");
    const messages: string[] = [];
    if (!parsed.success)
      for (const issue of parsed.error.issues) messages.push(`${String(issue.path[0] ?? "")}:${issue.message}`);
    if (orderId && (taken.has(orderId) || seen.has(orderId))) messages.push("order_id:ORDER_ID_TAKEN");
    seen.add(orderId);
    if (messages.length || !parsed.success) out.errors.push({ row, orderId, messages });
    else out.valid.push(parsed.data);
  }
  return out;
}

/** Saves the checked rows (sent back by the page): each is checked again, then all are inserted in one transaction. */
export async function saveImportedOrders(ctx: AppContext, p: Principal, rows: unknown[]): Promise<number> {
  tmsPolicy.write(p);
  if (rows.length > MAX_IMPORT_ROWS) throw new AppError("IMPORT_TOO_LARGE", `At most ${MAX_IMPORT_ROWS} rows`);
  const check = await checkRows(
    ctx,
    p,
    rows.map((cells, i) => ({ row: i + 2, cells: (cells ?? {}) as Record<string, unknown> })),
  );
  if (check.errors.length) throw new AppError("IMPORT_HAS_ERRORS", "Some rows are not valid", { errors: check.errors });
  if (!check.valid.length) return 0;
  await ctx.db.transaction().execute((trx) => insertOrders(trx, p, check.valid));
  return check.valid.length;
}
