import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { addDays, formatInstantDate, startOfWeek, weekday, zonedInstant } from "../../shared/dates";
import type { Principal } from "../access/principal";
import { can } from "../access/access.policy";
import { orgTimeZone } from "../organization";
import { pickSort, toPage, type ListQuery } from "../shared/listing";
import { mapPage } from "../shared/mapping";
import { hourAllowed } from "./booking-rules";
import { bookingLifecycleRepo } from "./booking-lifecycle.repo";
import { BOOKING_SORTS, bookingsRepo, LIVE_STATUSES, type BookingSort } from "./bookings.repo";
import { vehicleUsage } from "./vehicle-usage";
import { carSharingPolicy } from "./car-sharing.policy";
import { toBookingDto } from "./car-sharing.mapper";
import { carSharingSettingsRepo } from "./car-sharing-settings.repo";
import { rulesForUser } from "./car-sharing.settings";
import type { BookingDisplayStatus, HistoryTab } from "./car-sharing.schema";

/** Reading bookings: one booking in the principal's scope, the history, the pool's vehicles and the calendar. */

type Db = AppContext["db"];

/**
 * The pool is shared across the organisation's teams: a pool vehicle is bookable by anyone with car-sharing rights,
 * except a user limited to specific vehicles, who books only those (docs/car-sharing.md).
 */
export async function bookableIds(db: Db, p: Principal, ids?: readonly string[]): Promise<Set<string>> {
  const pool = await carSharingSettingsRepo.poolVehicleIds(db, p.orgId);
  return new Set(
    [...pool].filter((id) => (!ids || ids.includes(id)) && (p.vehicleIds === null || p.vehicleIds.includes(id))),
  );
}

/**
 * The history's scope for one booking: only the operator sees everyone's bookings; a user sees bookings they drive
 * or ride in; and nobody sees a booking of a vehicle outside their vehicle limit (as the history filters).
 */
export async function visibleBooking(ctx: AppContext, p: Principal, id: string) {
  const row = await bookingsRepo.findById(ctx.db, p.orgId, id);
  if (!row) throw notFound("booking");
  if (p.vehicleIds !== null && !p.vehicleIds.includes(row.vehicle_id)) throw notFound("booking");
  if (!carSharingPolicy.isOperator(p) && row.user_id !== p.userId) {
    const riders = await bookingsRepo.passengers(ctx.db, p.orgId, [id]);
    if (!riders.some((r) => r.user_id === p.userId)) throw notFound("booking");
  }
  return row;
}

export function displayStatus(b: { status: string; ends_at: Date }, now = new Date()): BookingDisplayStatus {
  if (LIVE_STATUSES.includes(b.status as never) && b.ends_at <= now) return "finished";
  return b.status as BookingDisplayStatus;
}

/** A booking in the principal's scope as the API answers it (the mobile app). */
export async function getBooking(ctx: AppContext, p: Principal, id: string) {
  return toBookingDto(await bookingDetails(ctx, p, id));
}

/** The booking with what its details and edit pages need beyond the DTO: the trips, the position, cancel and edit. */
export async function bookingDetails(ctx: AppContext, p: Principal, id: string) {
  carSharingPolicy.read(p);
  const row = await visibleBooking(ctx, p, id);
  const [passengers, usage] = await Promise.all([
    bookingsRepo.passengers(ctx.db, p.orgId, [id]),
    vehicleUsage(
      ctx.db,
      p.orgId,
      row.vehicle_id,
      row.starts_at,
      row.completed_at && row.completed_at < row.ends_at ? row.completed_at : row.ends_at,
    ),
  ]);
  const mine = carSharingPolicy.isOperator(p) || row.user_id === p.userId;
  const canCancel = LIVE_STATUSES.includes(row.status) && mine;
  const canEdit = mine && can(p, "carSharing:write") && isEditable(row);
  return { ...row, passengers, usage, displayStatus: displayStatus(row), canCancel, canEdit };
}

/**
 * Only an approved booking that has not started may change (docs/car-sharing.md, "Editing"): once it is active the
 * vehicle is out, and a completed, cancelled or unknown booking is a record of what happened.
 */
export function isEditable(b: { status: string; starts_at: Date }, now = new Date()) {
  return b.status === "approved" && b.starts_at > now;
}

/**
 * The history: an operator sees every booking (of the vehicles in their scope); anyone else the bookings they drive
 * and those they ride in as a passenger. Each booking carries `my_role`, the principal's part in it.
 */
export async function listHistory(ctx: AppContext, p: Principal, tab: HistoryTab, q: ListQuery) {
  return mapPage(await historyRows(ctx, p, tab, q), toBookingDto);
}

/** The history's rows as stored, with the display status (the CSV export and the driver's cars page). */
export async function historyRows(ctx: AppContext, p: Principal, tab: HistoryTab, q: ListQuery) {
  carSharingPolicy.read(p);
  const sort = pickSort<BookingSort>(q.sort, BOOKING_SORTS, "start");
  const vehicleIds = p.vehicleIds;
  const userId = carSharingPolicy.isOperator(p) ? undefined : p.userId;
  const { items, total } = await bookingsRepo.history(
    ctx.db,
    p.orgId,
    { tab, userId, me: p.userId, vehicleIds },
    q,
    sort,
  );
  const now = new Date();
  return toPage(
    items.map((b) => ({ ...b, displayStatus: displayStatus(b, now) })),
    total,
    q,
  );
}

/** Pool vehicles the principal may see. */
export async function bookableVehicles(ctx: AppContext, p: Principal) {
  carSharingPolicy.read(p);
  const visible = await bookableIds(ctx.db, p);
  if (!visible.size) return [];
  return bookingsRepo.vehicles(ctx.db, p.orgId, [...visible]);
}

/** Pool vehicles with no live booking overlapping [start, end) (the mobile app's "free vehicles"). */
export async function freeVehicles(ctx: AppContext, p: Principal, start: Date, end: Date) {
  const vehicles = await bookableVehicles(ctx, p);
  const taken = new Set(
    (
      await bookingsRepo.inRange(
        ctx.db,
        p.orgId,
        vehicles.map((v) => v.id),
        start,
        end,
      )
    )
      .filter((b) => LIVE_STATUSES.includes(b.status))
      .map((b) => b.vehicle_id),
  );
  return vehicles.filter((v) => !taken.has(v.id));
}

/** One week (Sunday to Saturday, organisation zone) of the pool: vehicles as rows, bookings on them. */
export async function calendarWeek(ctx: AppContext, p: Principal, date: string | null) {
  carSharingPolicy.read(p);
  const timeZone = await orgTimeZone(ctx, p.orgId);
  const first = startOfWeek(date ?? formatInstantDate(new Date(), timeZone));
  const days = Array.from({ length: 7 }, (_, i) => addDays(first, i));
  const from = zonedInstant(first, "00:00", timeZone);
  const to = zonedInstant(addDays(first, 7), "00:00", timeZone);
  const vehicles = await bookableVehicles(ctx, p);
  const bookings = await bookingsRepo.inRange(
    ctx.db,
    p.orgId,
    vehicles.map((v) => v.id),
    from,
    to,
  );
  return { timeZone, days, from, to, vehicles, bookings, previous: addDays(first, -7), next: addDays(first, 7) };
}

/** One day (organisation zone) of the pool: vehicles as rows, the day's bookings on them (the calendar's day view). */
export async function calendarDay(ctx: AppContext, p: Principal, date: string | null) {
  carSharingPolicy.read(p);
  const timeZone = await orgTimeZone(ctx, p.orgId);
  const day = date ?? formatInstantDate(new Date(), timeZone);
  const from = zonedInstant(day, "00:00", timeZone);
  const to = zonedInstant(addDays(day, 1), "00:00", timeZone);
  const vehicles = await bookableVehicles(ctx, p);
  const [bookings, rules] = await Promise.all([
    bookingsRepo.inRange(
      ctx.db,
      p.orgId,
      vehicles.map((v) => v.id),
      from,
      to,
    ),
    rulesForUser(ctx, p.orgId, p.userId),
  ]);
  // the viewer's allowed hours of that weekday (general, or their team's / own specific rule): the hours outside are shaded
  const allowed = rules.allowed_hours[weekday(day)] ?? null;
  const openHours = Array.from({ length: 24 }, (_, h) => hourAllowed(allowed, h));
  return {
    timeZone,
    day,
    from,
    to,
    vehicles,
    bookings,
    allowed,
    openHours,
    previous: addDays(day, -1),
    next: addDays(day, 1),
    week: startOfWeek(day),
  };
}

/** Reminders in the app: the principal's upcoming bookings whose reminder went out. */
export async function myReminders(ctx: AppContext, p: Principal, now = new Date()) {
  carSharingPolicy.read(p);
  return bookingLifecycleRepo.remindedFor(ctx.db, p.orgId, p.userId, now);
}
