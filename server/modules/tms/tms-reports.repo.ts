import type { DB } from "../../db/database";
import type { OrderStatus } from "./tms.schema";

/** What a report reads: the organisation's orders of a period on the chosen trucks, up to `limit` rows. */
export interface OrdersOfPeriod {
  orgId: string;
  vehicleIds: string[];
  from: string;
  to: string;
  limit: number;
}

/** The reports' reads of transport orders. */
export const tmsReportsRepo = {
  /** Per delivery day and truck: orders, delivered, on the way, weight and packets. */
  deliveriesPerTruckDay(db: DB, q: OrdersOfPeriod) {
    return db
      .selectFrom("tms_orders")
      .select((eb) => [
        "delivery_date_at as day",
        "vehicle_id",
        eb.fn.countAll<number>().as("orders"),
        eb.fn.count<number>("id").filterWhere("status", "=", "FINISHED").as("delivered"),
        eb.fn.count<number>("id").filterWhere("status", "=", "STARTED").as("on_the_way"),
        eb.fn.sum<string>("weight").as("weight"),
        eb.fn.sum<string>("packets").as("packets"),
      ])
      .where("org_id", "=", q.orgId)
      .where("vehicle_id", "in", q.vehicleIds)
      .where("delivery_date_at", ">=", q.from)
      .where("delivery_date_at", "<=", q.to)
      .groupBy(["delivery_date_at", "vehicle_id"])
      .orderBy("delivery_date_at")
      .orderBy("vehicle_id")
      .limit(q.limit)
      .execute();
  },
  /** Every order, by day and order id, optionally of one status. */
  orders(db: DB, q: OrdersOfPeriod, status?: OrderStatus) {
    let s = db
      .selectFrom("tms_orders")
      .select([
        "delivery_date_at",
        "order_id",
        "customer_code",
        "customer_name",
        "vehicle_id",
        "status",
        "weight",
        "packets",
        "finished_at",
        "finished_by",
      ])
      .where("org_id", "=", q.orgId)
      .where("vehicle_id", "in", q.vehicleIds)
      .where("delivery_date_at", ">=", q.from)
      .where("delivery_date_at", "<=", q.to);
    if (status) s = s.where("status", "=", status);
    return s.orderBy("delivery_date_at").orderBy("order_id").limit(q.limit).execute();
  },
};
