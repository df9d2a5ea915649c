import { sql, type Updateable } from "kysely";
import type { DB } from "../../db/database";
import type { TmsOrdersTable } from "../../db/schema/tms";
import { likePattern, type ListQuery } from "../shared/listing";
import type { OrderStatus } from "./tms.schema";

const SORTS = {
  order_id: "order_id",
  customer_code: "customer_code",
  delivery_date_at: "delivery_date_at",
  weight: "weight",
  status: "status",
  updated: "updated_at",
} as const;
export type OrderSort = keyof typeof SORTS;
export type OrderRecord = Omit<Updateable<TmsOrdersTable>, "id" | "org_id">;

export const ordersRepo = {
  async list(db: DB, orgId: string, q: ListQuery, sort: OrderSort, filter: { status?: OrderStatus; day?: string }) {
    let base = db.selectFrom("tms_orders").where("org_id", "=", orgId);
    if (q.q) {
      const like = likePattern(q.q);
      base = base.where((eb) =>
        eb.or([
          eb("order_id", "ilike", like),
          eb("client_order_id", "ilike", like),
          eb("customer_code", "ilike", like),
          eb("customer_name", "ilike", like),
          eb("region", "ilike", like),
        ]),
      );
    }
    if (filter.status) base = base.where("status", "=", filter.status);
    if (filter.day) base = base.where("delivery_date_at", "=", filter.day);
    const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
    // nothing to page through: without this the page query walks the sort index through every order (the search box)
    if (Number(total) <= (q.page - 1) * q.size) return { items: [], total: Number(total) };
    const items = await base
      .selectAll()
      .orderBy(sql`${sql.ref(SORTS[sort])} ${sql.raw(q.dir)} nulls last`)
      .orderBy("id")
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { items, total: Number(total) };
  },
  findById(db: DB, orgId: string, id: string) {
    return db.selectFrom("tms_orders").selectAll().where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  },
  findByOrderId(db: DB, orgId: string, orderId: string) {
    return db
      .selectFrom("tms_orders")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("order_id", "=", orderId)
      .executeTakeFirst();
  },
  /** Locks the rows: status changes of one order never race. */
  lock(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("tms_orders")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
  },
  byIds(db: DB, orgId: string, ids: readonly string[]) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom("tms_orders")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .execute();
  },
  byPlan(db: DB, orgId: string, optimizationId: string) {
    return db
      .selectFrom("tms_orders")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("optimization_id", "=", optimizationId)
      .orderBy("vehicle_id")
      .orderBy("sequence")
      .orderBy("order_id")
      .execute();
  },
  /** Orders of a day that no plan holds yet (candidates for a new optimisation). */
  unplanned(db: DB, orgId: string, day: string, exceptPlan: string | null) {
    let q = db
      .selectFrom("tms_orders")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("delivery_date_at", "=", day)
      .where("status", "=", "PENDING");
    q = exceptPlan
      ? q.where((eb) => eb.or([eb("optimization_id", "is", null), eb("optimization_id", "=", exceptPlan)]))
      : q.where("optimization_id", "is", null);
    return q.orderBy("order_id").execute();
  },
  insert(db: DB, orgId: string, r: OrderRecord) {
    return db
      .insertInto("tms_orders")
      .values({ org_id: orgId, ...r } as never)
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  update(db: DB, orgId: string, id: string, r: OrderRecord) {
    return db
      .updateTable("tms_orders")
      .set({ ...r, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },
  async delete(db: DB, orgId: string, id: string) {
    const res = await db.deleteFrom("tms_orders").where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },
  existingOrderIds(db: DB, orgId: string, orderIds: readonly string[]) {
    if (!orderIds.length) return Promise.resolve(new Set<string>());
    return db
      .selectFrom("tms_orders")
      .select("order_id")
      .where("org_id", "=", orgId)
      .where("order_id", "in", [...orderIds])
      .execute()
      .then((rows) => new Set(rows.map((r) => r.order_id)));
  },
  /** Plan membership for a set of orders: joining a plan, leaving it, truck and sequence. */
  async assign(
    db: DB,
    orgId: string,
    ids: readonly string[],
    v: { optimization_id: string | null; vehicle_id: string | null; sequence: number | null },
  ) {
    if (!ids.length) return;
    await db
      .updateTable("tms_orders")
      .set({ ...v, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .execute();
  },
  setPlace(
    db: DB,
    orgId: string,
    id: string,
    v: { vehicle_id: string | null; sequence: number | null; eta?: Date | null },
  ) {
    return db
      .updateTable("tms_orders")
      .set({ ...v, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .execute();
  },
  /** STARTED → FINISHED, with who finished it and the tracking link's new expiry. */
  finish(
    db: DB,
    orgId: string,
    id: string,
    v: { finished_at: Date; finished_by: NonNullable<TmsOrdersTable["finished_by"]>; tracking_expires_at: Date },
  ) {
    return db
      .updateTable("tms_orders")
      .set({ status: "FINISHED", ...v, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  /** PENDING → STARTED (a dispatched plan). */
  start(db: DB, orgId: string, id: string) {
    return db
      .updateTable("tms_orders")
      .set({ status: "STARTED", started_at: sql`now()`, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  /** The STARTED orders on a truck of the organisations (the arrival hook's batch). */
  startedInOrgs(db: DB, orgIds: string[]) {
    return db
      .selectFrom("tms_orders")
      .select(["id", "org_id", "vehicle_id", "latitude", "longitude"])
      .where("status", "=", "STARTED")
      .where("org_id", "in", orgIds)
      .where("vehicle_id", "is not", null)
      .execute();
  },
  /** A day's orders on the vehicles the user drives, in the route's sequence (the driver's app). */
  driverStops(db: DB, orgId: string, userId: string, day: string) {
    return db
      .selectFrom("tms_orders as o")
      .innerJoin("vehicles as v", (j) => j.onRef("v.id", "=", "o.vehicle_id").onRef("v.org_id", "=", "o.org_id"))
      .select([
        "o.id",
        "o.order_id",
        "o.customer_name",
        "o.address",
        "o.latitude",
        "o.longitude",
        "o.packets",
        "o.notes",
        "o.window_start",
        "o.window_end",
        "o.status",
        "o.sequence",
        "o.eta",
        "v.registration",
      ])
      .where("o.org_id", "=", orgId)
      .where("v.driver_id", "=", userId)
      .where("o.delivery_date_at", "=", day)
      .orderBy("o.sequence", (ob) => ob.asc().nullsLast())
      .orderBy("o.order_id")
      .execute();
  },
  /** The STARTED orders of the vehicles (the arrival hook), by vehicle. */
  startedForVehicles(db: DB, vehicleIds: readonly string[]) {
    if (!vehicleIds.length) return Promise.resolve([]);
    return db
      .selectFrom("tms_orders")
      .select(["id", "org_id", "vehicle_id", "latitude", "longitude", "order_id", "sequence", "customer_code"])
      .where("status", "=", "STARTED")
      .where("vehicle_id", "in", [...vehicleIds])
      .execute();
  },
  findByTrackingToken(db: DB, token: string) {
    return db.selectFrom("tms_orders").selectAll().where("tracking_token", "=", token).executeTakeFirst();
  },
};

export type Order = NonNullable<Awaited<ReturnType<typeof ordersRepo.findById>>>;
