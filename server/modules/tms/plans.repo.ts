import { sql } from "kysely";
import type { DB } from "../../db/database";
import type { TmsOptimizationStatus, TmsPlanResult, TmsRunState, TmsTruck } from "../../db/schema/tms";

export const plansRepo = {
  list(db: DB, orgId: string, filter: { status?: TmsOptimizationStatus; dispatched?: boolean } = {}) {
    let q = db
      .selectFrom("tms_optimizations as o")
      .select([
        "o.id",
        "o.name",
        "o.day",
        "o.status",
        "o.run_state",
        "o.trucks",
        "o.dispatched_at",
        "o.updated_at",
        "o.depot_id",
      ])
      .select((eb) =>
        eb
          .selectFrom("tms_orders")
          .whereRef("tms_orders.optimization_id", "=", "o.id")
          .whereRef("tms_orders.org_id", "=", "o.org_id")
          .select((e) => e.fn.countAll<number>().as("n"))
          .as("orders"),
      )
      .where("o.org_id", "=", orgId);
    if (filter.status) q = q.where("o.status", "=", filter.status);
    if (filter.dispatched !== undefined) q = q.where("o.dispatched_at", filter.dispatched ? "is not" : "is", null);
    return q.orderBy("o.day", "desc").orderBy("o.created_at", "desc").limit(200).execute();
  },
  findById(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("tms_optimizations")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  lock(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("tms_optimizations")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
  },
  insert(
    db: DB,
    orgId: string,
    v: { name: string; day: string; depot_id: string; trucks: TmsTruck[]; created_by: string | null },
  ) {
    return db
      .insertInto("tms_optimizations")
      .values({ org_id: orgId, ...v, trucks: JSON.stringify(v.trucks) })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  update(
    db: DB,
    orgId: string,
    id: string,
    v: {
      name?: string;
      day?: string;
      depot_id?: string;
      trucks?: TmsTruck[];
      status?: TmsOptimizationStatus;
      run_state?: TmsRunState;
      result?: TmsPlanResult | null;
      progress?: object | null;
      dispatched_at?: Date;
    },
  ) {
    const { trucks, result, progress, ...rest } = v;
    return db
      .updateTable("tms_optimizations")
      .set({
        ...rest,
        ...(trucks ? { trucks: JSON.stringify(trucks) } : {}),
        ...(result !== undefined ? { result: result === null ? null : JSON.stringify(result) } : {}),
        ...(progress !== undefined ? { progress: progress === null ? null : JSON.stringify(progress) } : {}),
        updated_at: sql`now()`,
      })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },
  delete(db: DB, orgId: string, id: string) {
    return db.deleteFrom("tms_optimizations").where("org_id", "=", orgId).where("id", "=", id).execute();
  },
};

export type Plan = NonNullable<Awaited<ReturnType<typeof plansRepo.findById>>>;
