import { type Insertable, sql } from "kysely";
import type { DB } from "../../db/database";
import type { BookingStatus, BookingsTable } from "../../db/schema/car-sharing";
import { likePattern, type ListQuery } from "../shared/listing";
import type { HistoryTab } from "./car-sharing.schema";
import { userSql } from "../users";

/** Statuses that hold the vehicle and the people (the exclusion constraints use the same list). */
export const LIVE_STATUSES: BookingStatus[] = ["approved", "active"];
const range = (start: Date, end: Date) =>
  sql`tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`;

const SORTS = {
  start: "b.starts_at",
  end: "b.ends_at",
  status: "b.status",
  vehicle: "v.registration",
  user: "user_name",
  created: "b.created_at",
} as const;
export type BookingSort = keyof typeof SORTS;
/** The principal's part in a booking of the history: drives it, rides in it, or booked it for someone else. */
export type BookingRole = "driver" | "passenger" | "booker";
export const BOOKING_SORTS = Object.keys(SORTS) as BookingSort[];

/** What a new booking is made of (the rest is the database's: id, period, status, timestamps). */
export type NewBooking = Required<
  Pick<
    Insertable<BookingsTable>,
    | "user_id"
    | "vehicle_id"
    | "type"
    | "destination"
    | "purpose_id"
    | "other_reason"
    | "starts_at"
    | "ends_at"
    | "notify_users"
    | "created_by"
  >
>;

export function bookingQuery(db: DB, orgId: string) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("users as u", (j) => j.onRef("u.id", "=", "b.user_id").onRef("u.org_id", "=", "b.org_id"))
    .innerJoin("vehicles as v", (j) => j.onRef("v.id", "=", "b.vehicle_id").onRef("v.org_id", "=", "b.org_id"))
    .leftJoin("car_sharing_entries as e", (j) =>
      j.onRef("e.id", "=", "b.purpose_id").onRef("e.org_id", "=", "b.org_id"),
    )
    .where("b.org_id", "=", orgId);
}

export const COLUMNS = [
  "b.id",
  "b.user_id",
  "b.vehicle_id",
  "b.type",
  "b.destination",
  "b.purpose_id",
  "b.other_reason",
  "b.starts_at",
  "b.ends_at",
  "b.notify_users",
  "b.status",
  "b.created_by",
  "b.created_at",
  "b.activated_at",
  "b.completed_at",
  "b.cancelled_at",
  "b.cancelled_by",
  "b.no_show",
  "b.reminder_sent_at",
  "b.distance_km",
  "v.registration",
  "v.team_id as vehicle_team_id",
  "e.label as purpose_label",
] as const;

export type BookingRow = Awaited<ReturnType<typeof bookingsRepo.findById>> & object;

export const bookingsRepo = {
  /** Serialises one user's bookings (the future cap is counted safely); overlaps are the constraints' job. */
  async lockUser(db: DB, orgId: string, userId: string) {
    return db
      .selectFrom("users")
      .select(["id", "team_id", "active"])
      .where("org_id", "=", orgId)
      .where("id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
  },
  /** `excludeId`: the booking being edited does not overlap itself (nor count towards its user's cap). */
  async vehicleBusy(db: DB, orgId: string, vehicleId: string, start: Date, end: Date, excludeId?: string) {
    let q = db
      .selectFrom("bookings")
      .select("id")
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .where("status", "in", LIVE_STATUSES)
      .where(sql<boolean>`period && ${range(start, end)}`);
    if (excludeId) q = q.where("id", "!=", excludeId);
    const row = await q.limit(1).executeTakeFirst();
    return !!row;
  },
  /** Which of the people are in a live booking overlapping [start, end). */
  async busyPeople(db: DB, orgId: string, userIds: readonly string[], start: Date, end: Date, excludeId?: string) {
    if (!userIds.length) return [];
    let q = db
      .selectFrom("booking_people as p")
      .innerJoin("users as u", (j) => j.onRef("u.id", "=", "p.user_id").onRef("u.org_id", "=", "p.org_id"))
      .select(["p.user_id", userSql.fullName("u").as("name")])
      .distinct()
      .where("p.org_id", "=", orgId)
      .where("p.user_id", "in", [...userIds])
      .where("p.live", "=", true)
      .where(sql<boolean>`p.period && ${range(start, end)}`);
    if (excludeId) q = q.where("p.booking_id", "!=", excludeId);
    return q.execute();
  },
  async futureCount(db: DB, orgId: string, userId: string, now: Date, excludeId?: string) {
    let q = db
      .selectFrom("bookings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("org_id", "=", orgId)
      .where("user_id", "=", userId)
      .where("status", "in", LIVE_STATUSES)
      .where("ends_at", ">", now);
    if (excludeId) q = q.where("id", "!=", excludeId);
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async existingUserIds(db: DB, orgId: string, ids: readonly string[]) {
    if (!ids.length) return new Set<string>();
    const rows = await db
      .selectFrom("users")
      .select("id")
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .where("active", "=", true)
      .execute();
    return new Set(rows.map((r) => r.id));
  },
  async insert(db: DB, orgId: string, b: NewBooking, passengers: readonly string[]) {
    const row = await db
      .insertInto("bookings")
      .values({ org_id: orgId, ...b })
      .returning(["id", "period"])
      .executeTakeFirstOrThrow();
    const people = [
      { user_id: b.user_id, role: "driver" as const },
      ...passengers.map((user_id) => ({ user_id, role: "passenger" as const })),
    ];
    await db
      .insertInto("booking_people")
      .values(people.map((p) => ({ org_id: orgId, booking_id: row.id, period: row.period, ...p })))
      .execute();
    return row.id;
  },
  /** The booking's row locked for an edit (its status and start are checked again under the lock). */
  lockBooking(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("bookings")
      .select(["id", "status", "starts_at", "user_id"])
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
  },
  /**
   * Rewrites an edited booking and its people (the exclusion constraints check the new period); a moved start
   * clears `reminder_sent_at`, so the reminder goes out again before the new start.
   */
  async update(
    db: DB,
    orgId: string,
    id: string,
    b: Omit<NewBooking, "created_by">,
    passengers: readonly string[],
    rearmReminder: boolean,
  ) {
    const row = await db
      .updateTable("bookings")
      .set({ ...b, ...(rearmReminder ? { reminder_sent_at: null } : {}) })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returning(["id", "period"])
      .executeTakeFirstOrThrow();
    // who heard the reminder keeps that mark (unless the start moved); a passenger new to the booking has none
    const heard = new Map(
      (
        await db
          .deleteFrom("booking_people")
          .where("org_id", "=", orgId)
          .where("booking_id", "=", id)
          .returning(["user_id", "reminded_at"])
          .execute()
      ).map((p) => [p.user_id, p.reminded_at]),
    );
    const people = [
      { user_id: b.user_id, role: "driver" as const },
      ...passengers.map((user_id) => ({ user_id, role: "passenger" as const })),
    ];
    await db
      .insertInto("booking_people")
      .values(
        people.map((p) => ({
          org_id: orgId,
          booking_id: id,
          period: row.period,
          ...p,
          reminded_at: rearmReminder ? null : (heard.get(p.user_id) ?? null),
        })),
      )
      .execute();
  },
  findById(db: DB, orgId: string, id: string) {
    return bookingQuery(db, orgId)
      .select([...COLUMNS, userSql.fullName("u").as("user_name")])
      .where("b.id", "=", id)
      .executeTakeFirst();
  },
  passengers(db: DB, orgId: string, bookingIds: readonly string[]) {
    if (!bookingIds.length) return Promise.resolve([]);
    return db
      .selectFrom("booking_people as p")
      .innerJoin("users as u", (j) => j.onRef("u.id", "=", "p.user_id").onRef("u.org_id", "=", "p.org_id"))
      .select(["p.booking_id", "p.user_id", userSql.fullName("u").as("name"), "u.email", "u.default_language"])
      .where("p.org_id", "=", orgId)
      .where("p.booking_id", "in", [...bookingIds])
      .where("p.role", "=", "passenger")
      .orderBy("name")
      .execute();
  },
  /** Moves a booking to another status; the people's rows stop holding time once it is no longer live. */
  async setStatus(
    db: DB,
    orgId: string,
    id: string,
    from: readonly BookingStatus[],
    to: BookingStatus,
    extra: Record<string, unknown> = {},
  ) {
    const row = await db
      .updateTable("bookings")
      .set({ status: to, ...extra })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .where("status", "in", [...from])
      .returning(["id"])
      .executeTakeFirst();
    if (row && !LIVE_STATUSES.includes(to)) {
      await db
        .updateTable("booking_people")
        .set({ live: false })
        .where("org_id", "=", orgId)
        .where("booking_id", "=", id)
        .execute();
    }
    return !!row;
  },
  /** Bookings overlapping [from, to) on the given vehicles (calendar). */
  inRange(db: DB, orgId: string, vehicleIds: readonly string[], from: Date, to: Date) {
    if (!vehicleIds.length) return Promise.resolve([]);
    return bookingQuery(db, orgId)
      .select([...COLUMNS, userSql.fullName("u").as("user_name")])
      .where("b.vehicle_id", "in", [...vehicleIds])
      .where("b.status", "!=", "cancelled")
      .where("b.starts_at", "<", to)
      .where("b.ends_at", ">", from)
      .orderBy("b.starts_at")
      .execute();
  },
  /**
   * The history: `userId` limits it to the bookings that user drives or rides in as a passenger; `me` marks each row
   * with the principal's part in it (driver, passenger, booker for someone else, or null).
   */
  async history(
    db: DB,
    orgId: string,
    f: { tab: HistoryTab; userId?: string; me: string; vehicleIds: readonly string[] | null },
    q: ListQuery,
    sort: BookingSort,
  ) {
    let base = bookingQuery(db, orgId);
    if (f.tab === "completed") base = base.where("b.status", "=", "completed");
    if (f.tab === "in-progress") base = base.where("b.status", "in", LIVE_STATUSES);
    if (f.tab === "cancelled") base = base.where("b.status", "=", "cancelled");
    const userId = f.userId;
    if (userId) {
      base = base.where((eb) =>
        eb.or([
          eb("b.user_id", "=", userId),
          eb.exists(
            eb
              .selectFrom("booking_people as bp")
              .select("bp.user_id")
              .whereRef("bp.booking_id", "=", "b.id")
              .whereRef("bp.org_id", "=", "b.org_id")
              .where("bp.user_id", "=", userId)
              .where("bp.role", "=", "passenger"),
          ),
        ]),
      );
    }
    if (f.vehicleIds)
      base = f.vehicleIds.length
        ? base.where("b.vehicle_id", "in", [...f.vehicleIds])
        : base.where(sql<boolean>`false`);
    if (q.q) {
      const like = likePattern(q.q);
      base = base.where((eb) =>
        eb.or([
          eb("v.registration", "ilike", like),
          eb("b.destination", "ilike", like),
          eb(userSql.fullName("u"), "ilike", like),
          eb("e.label", "ilike", like),
          eb("b.other_reason", "ilike", like),
        ]),
      );
    }
    const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
    const myRole = sql<BookingRole | null>`case when b.user_id = ${f.me} then 'driver'
      when exists (select 1 from booking_people mp where mp.booking_id = b.id and mp.org_id = b.org_id and mp.user_id = ${f.me} and mp.role = 'passenger') then 'passenger'
      when b.created_by = ${f.me} then 'booker' end`;
    const items = await base
      .select([...COLUMNS, userSql.fullName("u").as("user_name"), myRole.as("my_role")])
      .orderBy(sql`${sql.ref(SORTS[sort])} ${sql.raw(q.dir)}`)
      .orderBy("b.id")
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { items, total: Number(total) };
  },
  /** The people a booking form offers: active people of the organisation. */
  activePeople(db: DB, orgId: string) {
    return db
      .selectFrom("users")
      .select(["id", "first_name", "last_name"])
      .where("org_id", "=", orgId)
      .where("active", "=", true)
      .orderBy("last_name")
      .orderBy("first_name")
      .execute();
  },
  /** The given vehicles (the pool the principal may book), by registration. */
  vehicles(db: DB, orgId: string, ids: readonly string[]) {
    return db
      .selectFrom("vehicles")
      .select(["id", "registration", "category"])
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .orderBy("registration")
      .execute();
  },
};
