/** CSV reading and writing shared by every import and export (places, jobs, orders, fuel, logs). */

/** RFC 4180 records with the line each starts on (quoted fields may span lines). */
export function parseCsvRecords(text: string): Array<{ line: number; cells: string[] }> {
  const out: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let sawAny = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") out.push({ line: start, cells });
    cells = [];
    cell = "";
    sawAny = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        cell += c;
      }
      continue;
    }
    if (!sawAny) {
      start = line;
      sawAny = true;
    }
    if (c === '"') quoted = true;
    else if (c === ",") {
      cells.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
    } else cell += c;
  }
  if (sawAny || cell !== "" || cells.length) endRecord();
  return out;
}

/**
 * The one CSV cell writer of every export (reports of the analytics catalogue, alert log, audit log, bookings,
 * places, replay, samples): quoted when needed (a `;` too, for spreadsheets set to semicolons); a text starting
 * with = + - @, a tab or a carriage return is defused with a leading ' so spreadsheets do not run it as a formula.
 * Plain numbers (negative ones too) stay numbers.
 */
export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows as a CSV document: a byte-order mark (spreadsheets then read ë and ç), CRLF line ends, every cell by csvCell. */
export function csvDocument(rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
