import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPositionRetention } from "../../server/modules/positions/retention";
import { createTestContext, createTestOrg, type TestContext, type TestOrg } from "../support/context";

let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ctx = createTestContext();
  org = await createTestOrg(ctx, { demo: true });
});
afterAll(async () => ctx?.close());

const partitions = async () =>
  (
    await sql<{
      name: string;
    }>`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'positions'::regclass`.execute(
      ctx.db,
    )
  ).rows.map((r) => r.name);

const monthName = (d: Date) => `positions_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;

describe("one-year retention job", () => {
  it("drops partitions entirely older than one year, keeps recent ones and creates the coming months", async () => {
    const now = new Date();
    const vehicle = await ctx.db
      .selectFrom("vehicles")
      .select(["id"])
      .where("org_id", "=", org.orgId)
      .executeTakeFirstOrThrow();
    // A partition from 14 months ago (as if the job had not run for a while) holding one old row.
    const old = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 14, 15));
    await sql`SELECT flota_ensure_position_partitions(${old.toISOString()}::timestamptz, ${old.toISOString()}::timestamptz)`.execute(
      ctx.db,
    );
    const recent = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 15));
    for (const t of [old, recent]) {
      await ctx.db
        .insertInto("positions")
        .values({ org_id: org.orgId, vehicle_id: vehicle.id, device_id: "x", fix_time: t, lat: 41, lon: 19 })
        .execute();
    }
    expect(await partitions()).toContain(monthName(old));

    const result = await runPositionRetention(ctx, now);
    const after = await partitions();
    expect(result.dropped).toContain(monthName(old));
    expect(after).not.toContain(monthName(old));
    expect(after).toContain(monthName(recent));
    const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
    expect(after).toContain(monthName(ahead));
    const rows = await ctx.db.selectFrom("positions").select("fix_time").where("vehicle_id", "=", vehicle.id).execute();
    expect(rows.map((r) => new Date(r.fix_time).getTime())).toEqual([recent.getTime()]);
  });

  it("keeps the partition that still holds data younger than one year", async () => {
    const now = new Date();
    const edge = new Date(now);
    edge.setUTCFullYear(edge.getUTCFullYear() - 1);
    await runPositionRetention(ctx, now);
    expect(await partitions()).toContain(monthName(edge));
  });
});
