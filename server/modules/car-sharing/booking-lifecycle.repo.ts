import { sql } from "kysely";
import type { DB } from "../../db/database";
import { bookingQuery } from "./bookings.repo";

/** Reminders (e-mail, push and in-app) and the status transitions the lifecycle job runs. */
export const bookingLifecycleRepo = {
  /** Live bookings whose reminder is due (start within `reminder_min`), not yet reminded. */
  dueReminders(db: DB, now: Date) {
    return db
      .selectFrom("bookings as b")
      .innerJoin("car_sharing_settings as s", "s.org_id", "b.org_id")
      .select(["b.id", "b.org_id"])
      .where("b.status", "=", "approved")
      .where("b.reminder_sent_at", "is", null)
      .where("b.starts_at", ">", now)
      .where(sql<boolean>`b.starts_at <= ${now.toISOString()}::timestamptz + make_interval(mins => s.reminder_min)`)
      .limit(500)
      .execute();
  },
  /** People whose notification scope is not the default ("own"): "none" hears nothing, "all" hears every booking. */
  notificationScopes(db: DB, orgId: string) {
    return db
      .selectFrom("car_sharing_users as c")
      .innerJoin("users as u", (j) => j.onRef("u.id", "=", "c.user_id").onRef("u.org_id", "=", "c.org_id"))
      .select(["c.user_id", "c.notification_scope", "u.email", "u.first_name", "u.default_language"])
      .where("c.org_id", "=", orgId)
      .where("c.notification_scope", "!=", "own")
      .where("u.active", "=", true)
      .execute();
  },
  /** The in-app side of reminders: the user's reminded bookings (as driver, or passenger with notify-users) not started yet. */
  remindedFor(db: DB, orgId: string, userId: string, now: Date) {
    return bookingQuery(db, orgId)
      .select(["b.id", "b.starts_at", "v.registration"])
      .where("b.status", "=", "approved")
      .where("b.reminder_sent_at", "is not", null)
      .where("b.ends_at", ">", now)
      .where((eb) =>
        eb.or([
          eb("b.user_id", "=", userId),
          eb.and([
            eb("b.notify_users", "=", true),
            eb.exists(
              eb
                .selectFrom("booking_people as p")
                .select("p.user_id")
                .whereRef("p.booking_id", "=", "b.id")
                .where("p.user_id", "=", userId)
                .where("p.role", "=", "passenger")
                .where("p.reminded_at", "is not", null),
            ),
          ]),
        ]),
      )
      .orderBy("b.starts_at")
      .limit(5)
      .execute();
  },
  /** Marks the reminder sent; false when another run already did (exactly once). */
  async claimReminder(db: DB, id: string, now: Date) {
    const r = await db
      .updateTable("bookings")
      .set({ reminder_sent_at: now })
      .where("id", "=", id)
      .where("reminder_sent_at", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  /** The booking's user as a reminder's recipient. */
  reminderUser(db: DB, orgId: string, userId: string) {
    return db
      .selectFrom("users")
      .select(["email", "first_name", "default_language"])
      .where("org_id", "=", orgId)
      .where("id", "=", userId)
      .executeTakeFirst();
  },
  /**
   * Claims the reminder of the booking's people who have not had it (the driver always, passengers with notify-users):
   * each row is marked once, so a person hears once however many runs or workers there are. Returns who was claimed.
   */
  async claimPeople(db: DB, orgId: string, bookingId: string, withPassengers: boolean, now: Date) {
    let q = db
      .updateTable("booking_people")
      .set({ reminded_at: now })
      .where("org_id", "=", orgId)
      .where("booking_id", "=", bookingId)
      .where("reminded_at", "is", null);
    if (!withPassengers) q = q.where("role", "=", "driver");
    const rows = await q.returning("user_id").execute();
    return new Set(rows.map((r) => r.user_id));
  },
  /** Reminded bookings not started yet (notify-users) with a passenger who has not had the reminder (added by an edit). */
  lateReminders(db: DB, now: Date) {
    return db
      .selectFrom("bookings as b")
      .select(["b.id", "b.org_id"])
      .where("b.status", "=", "approved")
      .where("b.reminder_sent_at", "is not", null)
      .where("b.starts_at", ">", now)
      .where("b.notify_users", "=", true)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("booking_people as p")
            .select("p.user_id")
            .whereRef("p.booking_id", "=", "b.id")
            .where("p.role", "=", "passenger")
            .where("p.reminded_at", "is", null),
        ),
      )
      .limit(500)
      .execute();
  },
  /** Active bookings not yet at their end whose vehicle has a base (early return candidates), with the rest time. */
  activeWithBase(db: DB, now: Date) {
    return db
      .selectFrom("bookings as b")
      .innerJoin("car_sharing_vehicles as cv", (j) =>
        j.onRef("cv.org_id", "=", "b.org_id").onRef("cv.vehicle_id", "=", "b.vehicle_id"),
      )
      .leftJoin("car_sharing_settings as s", "s.org_id", "b.org_id")
      .select([
        "b.id",
        "b.org_id",
        "b.vehicle_id",
        "b.starts_at",
        "b.ends_at",
        "cv.base_place_id",
        sql<number>`coalesce(s.return_rest_min, 10)`.as("rest_min"),
      ])
      .where("b.status", "=", "active")
      .where("b.ends_at", ">", now)
      .where("cv.base_place_id", "is not", null)
      .$narrowType<{ base_place_id: string }>()
      .limit(5000)
      .execute();
  },
  dueTransitions(db: DB, now: Date) {
    return db
      .selectFrom("bookings as b")
      .leftJoin("car_sharing_settings as s", "s.org_id", "b.org_id")
      .select([
        "b.id",
        "b.org_id",
        "b.vehicle_id",
        "b.status",
        "b.starts_at",
        "b.ends_at",
        sql<number>`coalesce(s.no_show_grace_min, 30)`.as("grace"),
        sql<boolean>`coalesce(s.activate_on_ignition, false)`.as("on_ignition"),
      ])
      .where((eb) =>
        eb.or([
          eb.and([eb("b.status", "=", "approved"), eb("b.starts_at", "<=", now)]),
          eb.and([eb("b.status", "=", "active"), eb("b.ends_at", "<=", now)]),
        ]),
      )
      .limit(1000)
      .execute();
  },
};
