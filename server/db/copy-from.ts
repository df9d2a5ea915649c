import { CompiledQuery, type Kysely } from "kysely";
import type pg from "pg";
import { prepareValue } from "pg/lib/utils.js";

/**
 * `COPY … FROM STDIN` through Kysely, inside its transactions: the bulk path of the position pipeline
 * (PostgreSQL's cheapest way in, about a third less server CPU per row than `INSERT … SELECT FROM unnest`),
 * optionally followed by one parameterised statement in the same round trip.
 *
 * Kysely hands every statement to the pool client's `query(text, values)`. `enableCopyFrom` (run for each new
 * pool client) recognises a statement whose only value is a `CopyRequest` and runs it on the wire itself:
 * Parse/Bind/Execute of the COPY, its data (CopyData, CopyDone), Parse/Bind/Execute of the following
 * statement, one Sync. PostgreSQL reads the data once the COPY starts; if anything fails it discards the
 * rest up to the Sync and answers with the error. Other statements are untouched.
 */
export class CopyRequest {
  constructor(
    readonly data: string | Buffer,
    readonly then: CompiledQuery | null,
  ) {}
}

export interface CopyResult {
  copied: number;
  /** the first row of the following statement, as text values */
  row: Array<string | null> | null;
}

export function enableCopyFrom(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text === "string" && Array.isArray(values) && values.length === 1 && values[0] instanceof CopyRequest) {
      const request = values[0];
      return new Promise((resolve, reject) => query(new CopyThenQuery(text, request, resolve, reject)));
    }
    return query(text, values, ...rest);
  };
}

/**
 * Runs `COPY <table> (<columns>) FROM STDIN` with `data`, then `then`, in one round trip. A string is COPY's text
 * format; a Buffer is its binary format (signature, rows and trailer, as `PositionCopyBuffer` writes them).
 */
export async function copyFrom(
  db: Kysely<any>,
  table: string,
  columns: readonly string[],
  data: string | Buffer,
  then: CompiledQuery | null = null,
): Promise<CopyResult> {
  const format = typeof data === "string" ? "" : " WITH (FORMAT binary)";
  const result = await db.executeQuery(
    CompiledQuery.raw(`COPY ${table} (${columns.join(", ")}) FROM STDIN${format}`, [new CopyRequest(data, then)]),
  );
  return result.rows[0] as CopyResult;
}

/** A field in COPY text format: backslash, tab, newline and carriage return escaped. */
export function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"))
    : value;
}

interface Wire {
  stream: { cork(): void; uncork(): void };
  parse(q: { text: string; types: number[] }): void;
  bind(c: { values: unknown[]; valueMapper: (v: unknown) => unknown }): void;
  execute(c: { rows: number }): void;
  sendCopyFromChunk(b: Buffer): void;
  endCopyFrom(): void;
  sync(): void;
}

/** pg "submittable" (the interface pg's own Query implements). */
class CopyThenQuery {
  private copied = 0;
  private row: Array<string | null> | null = null;
  private failed = false;
  constructor(
    private copySql: string,
    private request: CopyRequest,
    private resolve: (r: { command: string; rowCount: number; rows: CopyResult[] }) => void,
    private reject: (err: unknown) => void,
  ) {}

  submit(connection: Wire) {
    // one write for the nine messages
    connection.stream.cork();
    try {
      this.send(connection);
    } finally {
      connection.stream.uncork();
    }
  }

  private send(connection: Wire) {
    connection.parse({ text: this.copySql, types: [] });
    connection.bind({ values: [], valueMapper: prepareValue });
    connection.execute({ rows: 0 });
    const data = this.request.data;
    connection.sendCopyFromChunk(typeof data === "string" ? Buffer.from(data, "utf8") : data);
    connection.endCopyFrom();
    const then = this.request.then;
    if (then) {
      connection.parse({ text: then.sql, types: [] });
      connection.bind({
        values: [...then.parameters],
        valueMapper: prepareValue,
      });
      connection.execute({ rows: 0 });
    }
    connection.sync();
  }

  handleCopyInResponse() {
    // the data went out with the COPY
  }

  handleCommandComplete(msg: { text?: string }) {
    const copy = /^COPY (\d+)/.exec(msg.text ?? "");
    if (copy) this.copied = Number(copy[1]);
  }

  handleDataRow(msg: { fields: Array<string | null> }) {
    this.row ??= msg.fields;
  }

  handleError(err: unknown) {
    // the client drops the active query on an error: ReadyForQuery does not reach us then
    this.failed = true;
    this.reject(err);
  }

  handleReadyForQuery() {
    if (!this.failed)
      this.resolve({
        command: "COPY",
        rowCount: this.copied,
        rows: [{ copied: this.copied, row: this.row }],
      });
  }

  handleRowDescription() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}
