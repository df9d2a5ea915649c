import pg from "pg";
import { CopyRequest, CopyThenQuery, sendStatement, type Wire } from "./copy-from";

/**
 * Fewer round trips per transaction, below Kysely (run for each new pool client):
 *
 * - **BEGIN travels with the transaction's first statement.** Kysely opens a transaction with the statement
 *   `begin`, a round trip of its own. Here `begin` is held back and sent in the same write as the next
 *   statement (Parse/Bind/Execute of BEGIN, then the statement, one Sync). PostgreSQL runs both; an error in the
 *   statement leaves the transaction aborted, as it would have been, for Kysely's `rollback`. A transaction that
 *   ends before its first statement sends nothing at all.
 * - **COMMIT travels with the last statement where the caller says so** (a `CopyRequest` with `commit`, the
 *   position pipeline's COPY and state update): Kysely's own `commit` that follows is then answered here.
 * - **COPY … FROM STDIN** (`CopyRequest`, copy-from.ts).
 *
 * Statements Kysely does not send as (text, values) — cursors, pg's own query objects — are left alone; a held
 * BEGIN is sent before them on its own.
 */
export function enableWireShortcuts(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let beginHeld = false;
  let committed = false;
  const done = (command: string) => Promise.resolve({ command, rowCount: null, rows: [] });

  (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== "string" || !(values === undefined || Array.isArray(values)) || rest.length) {
      if (beginHeld) {
        beginHeld = false;
        (query("BEGIN") as Promise<unknown>).catch(() => {}); // queued first; its failure fails what follows
      }
      return query(text, values, ...rest);
    }
    if (text === "begin") {
      beginHeld = true;
      committed = false;
      return done("BEGIN");
    }
    if (text === "commit" || text === "rollback") {
      if (beginHeld || (committed && text === "commit")) {
        beginHeld = false;
        committed = false;
        return done(text.toUpperCase());
      }
      committed = false;
      return query(text, values);
    }
    const begin = beginHeld;
    beginHeld = false;
    const request = values?.length === 1 && values[0] instanceof CopyRequest ? values[0] : null;
    if (request)
      return new Promise((resolve, reject) =>
        query(
          new CopyThenQuery(
            text,
            request,
            (result) => {
              if (request.commit) committed = true;
              resolve(result);
            },
            reject,
            begin,
          ),
        ),
      );
    if (!begin) return query(text, values);
    return new Promise((resolve, reject) => query(afterBegin(text, values ?? [], resolve, reject)));
  };
}

/** The part of pg's Query the client drives (not in pg's types). */
interface QueryInternals {
  submit(connection: Wire): Error | null;
  handleCommandComplete(msg: unknown, connection: Wire): void;
}

/** pg's own Query, in the extended protocol, with BEGIN's Parse/Bind/Execute written ahead of it. */
function afterBegin(
  text: string,
  values: unknown[],
  resolve: (r: unknown) => void,
  reject: (err: unknown) => void,
): pg.Query {
  const query = new pg.Query({ text, values, queryMode: "extended" } as pg.QueryConfig, undefined, (err, res) =>
    err ? reject(err) : resolve(res),
  );
  const q = query as unknown as QueryInternals;
  const submit = q.submit.bind(q);
  q.submit = (connection) => {
    connection.stream.cork();
    try {
      sendStatement(connection, "BEGIN");
      return submit(connection);
    } finally {
      connection.stream.uncork();
    }
  };
  // BEGIN's CommandComplete comes first: it is not the statement's result
  const complete = q.handleCommandComplete.bind(q);
  let begun = false;
  q.handleCommandComplete = (msg, connection) => {
    if (begun) complete(msg, connection);
    else begun = true;
  };
  return query;
}
