import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFrom } from "../../server/db/copy-from";
import { connectDatabase, type DatabaseHandle } from "../../server/db/database";
import { inject } from "vitest";

// The pool's wire shortcuts (server/db/wire-shortcuts.ts): BEGIN goes out with a transaction's first statement and
// COMMIT with a COPY that asks for it. One client only, so every statement here meets the same session.

let h: DatabaseHandle;
let other: DatabaseHandle;
let roundTrips = 0;

beforeAll(async () => {
  h = connectDatabase(inject("databaseUrl"), 1);
  other = connectDatabase(inject("databaseUrl"), 1);
  const client = await h.pool.connect();
  (client as unknown as { connection: NodeJS.EventEmitter }).connection.on("readyForQuery", () => roundTrips++);
  client.release();
  await sql`CREATE TABLE IF NOT EXISTS wire_shortcuts_t (id int PRIMARY KEY, v text)`.execute(h.db);
  await sql`TRUNCATE wire_shortcuts_t`.execute(h.db);
});
afterAll(async () => {
  await sql`DROP TABLE IF EXISTS wire_shortcuts_t`.execute(h.db);
  await other?.close();
  await h?.close();
});

const count = async (db = other.db) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM wire_shortcuts_t`.execute(db)).rows[0].n;
/** SAVEPOINT fails outside a transaction block: proof that no BEGIN was left open on the client. */
const outsideTransaction = async () =>
  sql`SAVEPOINT probe`.execute(h.db).then(
    () => false,
    (err: { message: string }) => /transaction blocks/.test(err.message),
  );
const trips = async (work: () => Promise<unknown>) => {
  // A failed statement's promise settles on its ErrorResponse, before its ReadyForQuery may have arrived; a statement
  // that succeeds settles on its ReadyForQuery, so after it every earlier one has been counted.
  await sql`SELECT 1`.execute(h.db);
  const before = roundTrips;
  await work();
  return roundTrips - before;
};

describe("BEGIN with the first statement", () => {
  it("runs the transaction's statements in one transaction, one round trip fewer", async () => {
    let ids: Array<{ a: string; b: string; rows: number }> = [];
    const n = await trips(() =>
      h.db.transaction().execute(async (trx) => {
        const first = await sql<{ x: string }>`
          INSERT INTO wire_shortcuts_t VALUES (1, 'a'), (2, 'b') RETURNING pg_current_xact_id()::text AS x`.execute(
          trx,
        );
        const second = await sql<{ x: string }>`SELECT pg_current_xact_id()::text AS x`.execute(trx);
        ids = [{ a: first.rows[0].x, b: second.rows[0].x, rows: first.rows.length }];
      }),
    );
    expect(ids[0].rows).toBe(2);
    expect(ids[0].a).toBe(ids[0].b);
    // first statement (with BEGIN), second statement, COMMIT: 4 without the shortcut
    expect(n).toBe(3);
    expect(await count()).toBe(2);
    expect(await outsideTransaction()).toBe(true);
  });

  it("rolls back what the first statement wrote when the transaction fails", async () => {
    const before = await count();
    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO wire_shortcuts_t VALUES (10, 'x')`.execute(trx);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    expect(await count()).toBe(before);
    expect(await outsideTransaction()).toBe(true);
  });

  it("leaves the client usable when the first statement fails", async () => {
    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO wire_shortcuts_t VALUES (1, 'duplicate')`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await outsideTransaction()).toBe(true);
    expect(await count(h.db)).toBe(await count());
  });

  it("sends nothing for a transaction without statements", async () => {
    expect(await trips(() => h.db.transaction().execute(async () => {}))).toBe(0);
    expect(await outsideTransaction()).toBe(true);
  });

  it("sends BEGIN on its own before a statement it cannot carry (a query object)", async () => {
    const client = await h.pool.connect();
    try {
      await client.query("begin");
      await client.query({ text: "INSERT INTO wire_shortcuts_t VALUES (20, 'c')" });
      const inside = await client.query({ text: "SELECT count(*)::int AS n FROM wire_shortcuts_t" });
      expect(inside.rows[0].n).toBe(3);
      await client.query("rollback");
    } finally {
      client.release();
    }
    expect(await count()).toBe(2);
    expect(await outsideTransaction()).toBe(true);
  });
});

describe("COMMIT with the COPY", () => {
  it("commits in the COPY's round trip and answers Kysely's commit itself", async () => {
    const n = await trips(() =>
      h.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        const r = await copyFrom(trx, "wire_shortcuts_t", ["id", "v"], "30\td\n31\te\n", null, { commit: true });
        expect(r.copied).toBe(2);
      }),
    );
    // SELECT (with BEGIN), COPY (with COMMIT): 4 without the shortcuts
    expect(n).toBe(2);
    expect(await count()).toBe(4);
    expect(await outsideTransaction()).toBe(true);
  });

  it("commits nothing when the COPY fails, and the client goes on", async () => {
    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO wire_shortcuts_t VALUES (40, 'f')`.execute(trx);
        await copyFrom(trx, "wire_shortcuts_t", ["id", "v"], "41\tg\n30\tduplicate\n", null, { commit: true });
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await count()).toBe(4);
    expect(await outsideTransaction()).toBe(true);
    await h.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO wire_shortcuts_t VALUES (40, 'f')`.execute(trx);
    });
    expect(await count()).toBe(5);
  });
});
