import { sql } from "kysely";
import type { DB } from "../../db/database";
import { userSql } from "../users";

/** Per-vehicle and per-user booking figures over [from, to) for the analytics catalogue. */
export const bookingReportsRepo = {
  perVehicle(db: DB, orgId: string, vehicleIds: readonly string[], from: Date, to: Date) {
    if (!vehicleIds.length) return Promise.resolve([]);
    return db
      .selectFrom("vehicles as v")
      .leftJoin("bookings as b", (j) =>
        j
          .onRef("b.vehicle_id", "=", "v.id")
          .onRef("b.org_id", "=", "v.org_id")
          .on("b.starts_at", "<", to)
          .on("b.ends_at", ">", from),
      )
      .leftJoin("car_sharing_vehicles as cv", (j) =>
        j.onRef("cv.vehicle_id", "=", "v.id").onRef("cv.org_id", "=", "v.org_id"),
      )
      .select([
        "v.id",
        "v.registration",
        sql<boolean>`bool_or(cv.vehicle_id is not null)`.as("in_pool"),
        sql<number>`count(b.id) filter (where b.status <> 'cancelled')`.as("bookings"),
        sql<number>`coalesce(sum(extract(epoch from least(b.ends_at, ${to.toISOString()}::timestamptz) - greatest(b.starts_at, ${from.toISOString()}::timestamptz))) filter (where b.status <> 'cancelled'), 0)`.as(
          "booked_s",
        ),
        sql<number>`coalesce(sum(b.distance_km) filter (where b.status = 'completed'), 0)`.as("distance_km"),
        sql<number>`count(b.id) filter (where b.status = 'cancelled' and not b.no_show)`.as("cancellations"),
        sql<number>`count(b.id) filter (where b.no_show)`.as("no_shows"),
      ])
      .where("v.org_id", "=", orgId)
      .where("v.id", "in", [...vehicleIds])
      .groupBy(["v.id", "v.registration"])
      .orderBy("v.registration")
      .execute();
  },
  perUser(
    db: DB,
    orgId: string,
    vehicleIds: readonly string[],
    teamIds: readonly string[] | "all",
    from: Date,
    to: Date,
  ) {
    if (!vehicleIds.length) return Promise.resolve([]);
    let q = db
      .selectFrom("users as u")
      .leftJoin("bookings as b", (j) =>
        j
          .onRef("b.user_id", "=", "u.id")
          .onRef("b.org_id", "=", "u.org_id")
          .on("b.starts_at", "<", to)
          .on("b.ends_at", ">", from)
          .on("b.vehicle_id", "in", [...vehicleIds]),
      )
      .select([
        "u.id",
        userSql.fullName("u").as("name"),
        sql<number>`count(b.id) filter (where b.status <> 'cancelled')`.as("bookings"),
        sql<number>`coalesce(sum(extract(epoch from b.ends_at - b.starts_at)) filter (where b.status <> 'cancelled'), 0)`.as(
          "booked_s",
        ),
        sql<number>`coalesce(sum(b.distance_km) filter (where b.status = 'completed'), 0)`.as("distance_km"),
        sql<number>`count(b.id) filter (where b.status = 'cancelled' and not b.no_show)`.as("cancellations"),
        sql<number>`count(b.id) filter (where b.no_show)`.as("no_shows"),
      ])
      .where("u.org_id", "=", orgId)
      .where("u.active", "=", true);
    // people of the teams the principal sees (or with bookings on vehicles in scope)
    if (teamIds !== "all") {
      const teams = [...teamIds];
      q = q.where((eb) =>
        eb.or([teams.length ? eb("u.team_id", "in", teams) : eb.val(false), eb("b.id", "is not", null)]),
      );
    }
    return q.groupBy(["u.id", "u.first_name", "u.last_name"]).orderBy("name").execute();
  },
};
