import type { DB } from "../../db/database";
import { userSql } from "../users";

/** The reports' reads: jobs and attendance of a period (scoped by the report's vehicles and drivers). */
export const routeReportsRepo = {
  jobs(
    db: DB,
    orgId: string,
    from: string,
    to: string,
    vehicleIds: readonly string[],
    driverIds: readonly string[] | null,
  ) {
    let q = db
      .selectFrom("route_jobs")
      .leftJoin("vehicles", (j) =>
        j.onRef("vehicles.id", "=", "route_jobs.vehicle_id").onRef("vehicles.org_id", "=", "route_jobs.org_id"),
      )
      .leftJoin("users", (j) =>
        j.onRef("users.id", "=", "route_jobs.driver_id").onRef("users.org_id", "=", "route_jobs.org_id"),
      )
      .select([
        "route_jobs.id",
        "route_jobs.name",
        "route_jobs.scheduled_date",
        "route_jobs.scheduled_arrival",
        "route_jobs.scheduled_departure",
        "route_jobs.status",
        "route_jobs.planned_arrival",
        "route_jobs.arrived_at",
        "route_jobs.departed_at",
        "route_jobs.address",
        "route_jobs.latitude",
        "route_jobs.longitude",
        "vehicles.registration as vehicle_registration",
        userSql.fullNameOrNull("users").as("driver_name"),
      ])
      .where("route_jobs.org_id", "=", orgId)
      .where("route_jobs.scheduled_date", ">=", from)
      .where("route_jobs.scheduled_date", "<=", to)
      .where(
        "route_jobs.vehicle_id",
        "in",
        vehicleIds.length ? [...vehicleIds] : ["00000000-0000-0000-0000-000000000000"],
      );
    if (driverIds)
      q = q.where(
        "route_jobs.driver_id",
        "in",
        driverIds.length ? [...driverIds] : ["00000000-0000-0000-0000-000000000000"],
      );
    return q.orderBy("route_jobs.scheduled_date").orderBy("route_jobs.scheduled_arrival").execute();
  },
  /** Working days of the users in the teams the reader sees (`teamIds` "all": everyone). */
  attendance(
    db: DB,
    orgId: string,
    from: string,
    to: string,
    userIds: readonly string[] | null,
    teamIds: readonly string[] | "all",
  ) {
    let q = db
      .selectFrom("attendance_days")
      .innerJoin("users", (j) =>
        j.onRef("users.id", "=", "attendance_days.user_id").onRef("users.org_id", "=", "attendance_days.org_id"),
      )
      .selectAll("attendance_days")
      .select(userSql.fullName("users").as("user_name"))
      .where("attendance_days.org_id", "=", orgId)
      .where("attendance_days.day", ">=", from)
      .where("attendance_days.day", "<=", to);
    if (teamIds !== "all")
      q = q.where("users.team_id", "in", teamIds.length ? [...teamIds] : ["00000000-0000-0000-0000-000000000000"]);
    if (userIds)
      q = q.where(
        "attendance_days.user_id",
        "in",
        userIds.length ? [...userIds] : ["00000000-0000-0000-0000-000000000000"],
      );
    return q.orderBy("attendance_days.day").orderBy("users.last_name").execute();
  },
  async grace(db: DB, orgId: string) {
    return (
      (await db.selectFrom("route_settings").select("late_grace_min").where("org_id", "=", orgId).executeTakeFirst())
        ?.late_grace_min ?? 15
    );
  },
};
