import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { booleanArray, numberArray, plainArray, textArray } from "../../server/db/pg-array";
import { createTestContext, type TestContext } from "../support/context";

let ctx: TestContext;
beforeAll(() => {
  ctx = createTestContext();
});
afterAll(async () => ctx?.close());

describe("array literals built for PostgreSQL (server/db/pg-array.ts)", () => {
  it("round-trips numbers, booleans, uuids, times and any text through PostgreSQL's array input", async () => {
    const numbers = [0, -1.5, 41.327512345678, 1e-7, 123_456_789.25, null, 2 ** 31 - 1];
    const booleans = [true, false, null];
    const uuids = ["6f1c1f4e-9a41-4c1b-8f0e-3d2b1a0c9e8d", null];
    const times = ["2026-11-29T09:18:00.123Z", null];
    const texts = ['tab\there, "quoted", back\\slash', "comma,separated", "NULL", "", "ë 🚚", null, "{braces}"];
    const { rows } = await sql<{ n: number[]; b: boolean[]; u: string[]; t: Date[]; x: string[] }>`
      SELECT ${numberArray(numbers)}::float8[] AS n, ${booleanArray(booleans)}::boolean[] AS b,
             ${plainArray(uuids)}::uuid[] AS u, ${plainArray(times)}::timestamptz[] AS t, ${textArray(texts)}::text[] AS x`.execute(
      ctx.db,
    );
    const r = rows[0];
    expect(r.n).toEqual(numbers);
    expect(r.b).toEqual(booleans);
    expect(r.u).toEqual(uuids);
    expect(r.t.map((d) => (d === null ? null : new Date(d).toISOString()))).toEqual(times);
    expect(r.x).toEqual(texts);
  });

  it("refuses a value that would need quoting as a plain element", () => {
    expect(() => plainArray(["a,b"])).toThrow(/not a plain array element/);
    expect(() => plainArray(['x"'])).toThrow(/not a plain array element/);
  });
});
