import type { AppContext } from "../../context";
import { setBookingStatus, emitBookingCreated } from "./booking-events";
import { AppError } from "../../errors";
import type { Principal } from "../access/principal";
import { visibleVehicleIds } from "../access/vehicle-scope";
import { audit } from "../audit";
import { orgTimeZone } from "../organization";
import { readDraft, timeViolations, type BookingDraft, type Violation } from "./booking-rules";
import { bookableIds, isEditable, visibleBooking } from "./booking-queries.service";
import { bookingsRepo, LIVE_STATUSES, type BookingRow } from "./bookings.repo";
import { carSharingPolicy } from "./car-sharing.policy";
import { carSharingSettingsRepo } from "./car-sharing-settings.repo";
import { rulesForUser } from "./car-sharing.settings";
import { OTHER_PURPOSE, type BookingFields } from "./car-sharing.schema";

/** Changing bookings: create, edit and cancel, with the one validation. The reads live in booking-queries.service.ts
 * and are exported from here too, so `bookingsService` stays the one namespace for bookings. */
export {
  bookableVehicles,
  bookingDetails,
  calendarDay,
  calendarWeek,
  displayStatus,
  freeVehicles,
  getBooking,
  historyRows,
  isEditable,
  listHistory,
  myReminders,
} from "./booking-queries.service";

type Db = AppContext["db"];

/**
 * Refuses a booking with every violated rule at once: the first violation's code is the error's code, and
 * `details.violations` lists all of them (each with its field), `details.fields` puts each next to its input.
 */
export function bookingRefusal(violations: Violation[]): AppError {
  const fields: Record<string, string[]> = {};
  for (const v of violations) (fields[v.field] ??= []).push(`errors.${v.code}`);
  const first = violations.find((v) => /^[A-Z_]+$/.test(v.code))?.code ?? "VALIDATION";
  return new AppError(first as never, violations.map((v) => v.code).join(", "), { violations, fields });
}

function passengerViolation(busy: Array<{ user_id: string; name: string }>): Violation {
  const names = busy
    .map((b) => b.name)
    .sort()
    .join(", ");
  return {
    code: busy.length === 1 ? "PASSENGER_OVERLAP_SINGULAR" : "PASSENGER_OVERLAP",
    field: "passengers",
    params: { names, count: busy.length },
  };
}

/** The checks that need the database: who and what exist, the pool, overlaps, the future cap. */
async function databaseViolations(
  db: Db,
  p: Principal,
  d: BookingDraft,
  now: Date,
  rulesCap: number,
  excludeId?: string,
): Promise<Violation[]> {
  const out: Violation[] = [];
  if (d.userId) {
    const known = await bookingsRepo.existingUserIds(db, p.orgId, [d.userId, ...d.passengers]);
    if (!known.has(d.userId)) out.push({ code: "USER_REQUIRED", field: "user_id" });
    else if (((await carSharingSettingsRepo.bookingUser(db, p.orgId, d.userId))?.may_book ?? true) === false)
      out.push({ code: "BOOKING_NOT_ALLOWED", field: "user_id" });
    if (d.passengers.some((id) => !known.has(id))) out.push({ code: "invalid", field: "passengers" });
  }
  if (d.vehicleId) {
    const known = await visibleVehicleIds(db, { ...p, teamIds: "all" }, [d.vehicleId]);
    if (!known.has(d.vehicleId)) out.push({ code: "VEHICLE_REQUIRED", field: "vehicle_id" });
    else if (!(await bookableIds(db, p, [d.vehicleId])).has(d.vehicleId))
      out.push({ code: "VEHICLE_NOT_IN_POOL", field: "vehicle_id" });
  }
  if (d.purposeId) {
    const entry = await carSharingSettingsRepo.findEntry(db, p.orgId, d.purposeId);
    if (!entry || entry.kind !== "purpose") out.push({ code: "PURPOSE_REQUIRED", field: "purpose" });
  }
  if (d.start && d.end && d.end > d.start) {
    if (d.vehicleId && (await bookingsRepo.vehicleBusy(db, p.orgId, d.vehicleId, d.start, d.end, excludeId)))
      out.push({ code: "VEHICLE_OVERLAP", field: "vehicle_id" });
    const busy = await bookingsRepo.busyPeople(
      db,
      p.orgId,
      [...(d.userId ? [d.userId] : []), ...d.passengers],
      d.start,
      d.end,
      excludeId,
    );
    if (d.userId && busy.some((b) => b.user_id === d.userId)) out.push({ code: "USER_TIME_OVERLAP", field: "user_id" });
    const busyPassengers = busy.filter((b) => b.user_id !== d.userId);
    if (busyPassengers.length) out.push(passengerViolation(busyPassengers));
  }
  if (d.userId && (await bookingsRepo.futureCount(db, p.orgId, d.userId, now, excludeId)) >= rulesCap) {
    out.push({ code: "USER_FUTURE_CAP_REACHED", field: "user_id", params: { count: rulesCap } });
  }
  return out;
}

/** A constraint refused the insert (a concurrent booking won the race): the same codes as the checks. */
async function constraintViolation(
  ctx: AppContext,
  p: Principal,
  d: BookingDraft,
  err: { constraint?: string },
  excludeId?: string,
): Promise<Violation[]> {
  if (err.constraint === "bookings_vehicle_overlap") return [{ code: "VEHICLE_OVERLAP", field: "vehicle_id" }];
  const busy = await bookingsRepo.busyPeople(
    ctx.db,
    p.orgId,
    [d.userId!, ...d.passengers],
    d.start!,
    d.end!,
    excludeId,
  );
  const out: Violation[] = [];
  if (!busy.length || busy.some((b) => b.user_id === d.userId))
    out.push({ code: "USER_TIME_OVERLAP", field: "user_id" });
  const busyPassengers = busy.filter((b) => b.user_id !== d.userId);
  if (busyPassengers.length) out.push(passengerViolation(busyPassengers));
  return out;
}

const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs a booking transaction again when PostgreSQL picked it as a deadlock victim: bookings racing for one vehicle's
 * slot wait on each other's exclusion-constraint checks, and the database breaks such a cycle by aborting one of them
 * (SQLSTATE 40P01). The aborted transaction left nothing behind, so running it again gives the answer it should have
 * had: the booking, or the overlap refusal.
 */
async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if ((err as { code?: string }).code !== "40P01" || attempt >= DEADLOCK_ATTEMPTS) throw err;
    }
  }
}

/**
 * The one booking validation and creation (web form, API, mobile app). An operator (carSharing:admin) may book
 * for anyone; everyone else books for themselves. `now` is for tests.
 */
export async function createBooking(ctx: AppContext, p: Principal, fields: BookingFields, opts: { now?: Date } = {}) {
  carSharingPolicy.write(p);
  const now = opts.now ?? new Date();
  const timeZone = await orgTimeZone(ctx, p.orgId);
  const isOperator = carSharingPolicy.isOperator(p);
  const userField = fields.user_id === undefined || fields.user_id === "" ? p.userId : fields.user_id;
  if (!isOperator && userField !== p.userId)
    throw new AppError("FORBIDDEN", "Only an operator books for others", { field: "user_id" });
  const { draft, violations } = readDraft({ ...fields, user_id: userField }, timeZone);
  const rules = await rulesForUser(ctx, p.orgId, draft.userId ?? p.userId);
  violations.push(...timeViolations(draft, rules, now, timeZone));
  try {
    return await retryOnDeadlock(() =>
      ctx.db.transaction().execute(async (trx) => {
        if (draft.userId) await bookingsRepo.lockUser(trx, p.orgId, draft.userId);
        violations.push(...(await databaseViolations(trx, p, draft, now, rules.max_future_bookings)));
        if (violations.length) throw bookingRefusal(violations);
        const id = await bookingsRepo.insert(
          trx,
          p.orgId,
          {
            user_id: draft.userId!,
            vehicle_id: draft.vehicleId!,
            type: draft.type!,
            destination: draft.destination,
            purpose_id: draft.purposeId,
            other_reason: draft.otherReason,
            starts_at: draft.start!,
            ends_at: draft.end!,
            notify_users: draft.notifyUsers,
            created_by: p.userId,
          },
          draft.passengers,
        );
        const row = await bookingsRepo.findById(trx, p.orgId, id);
        await audit.record(trx, p, { entity: "booking", id, action: "create", after: row });
        await emitBookingCreated(trx, p.orgId, row!);
        return row!;
      }),
    );
  } catch (err) {
    if ((err as { code?: string }).code === "23P01")
      throw bookingRefusal(await constraintViolation(ctx, p, draft, err as { constraint?: string }));
    throw err;
  }
}

const editFailed = () => new AppError("BOOKING_EDIT_FAILED", "Failed to update booking");

/** The stored booking as the fields a form or the API sends, so an edit may send only what changes. */
function storedFields(b: BookingRow, passengers: Array<{ user_id: string }>): BookingFields {
  return {
    user_id: b.user_id,
    vehicle_id: b.vehicle_id,
    type: b.type,
    passengers: passengers.map((x) => x.user_id),
    destination: b.destination,
    purpose: b.purpose_id ?? OTHER_PURPOSE,
    other_reason: b.other_reason,
    start: b.starts_at.toISOString(),
    end: b.ends_at.toISOString(),
    notify_users: b.notify_users,
  };
}

/**
 * Edits an approved booking that has not started, by its user or an operator: the same validation as a new booking
 * (every rule, every code), the booking itself left out of the overlap and cap checks; the exclusion constraints
 * still decide a race. The user stays the booking's user. A moved start re-arms the reminder. Audited as "update".
 */
export async function updateBooking(
  ctx: AppContext,
  p: Principal,
  id: string,
  fields: BookingFields,
  opts: { now?: Date } = {},
) {
  carSharingPolicy.write(p);
  const now = opts.now ?? new Date();
  const before = await visibleBooking(ctx, p, id);
  if ((!carSharingPolicy.isOperator(p) && before.user_id !== p.userId) || !isEditable(before, now)) throw editFailed();
  if (
    fields.user_id !== undefined &&
    fields.user_id !== null &&
    fields.user_id !== "" &&
    fields.user_id !== before.user_id
  ) {
    throw new AppError("VALIDATION", "The user of a booking does not change", { field: "user_id" });
  }
  const passengersBefore = await bookingsRepo.passengers(ctx.db, p.orgId, [id]);
  const sent = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const timeZone = await orgTimeZone(ctx, p.orgId);
  const { draft, violations } = readDraft(
    { ...storedFields(before, passengersBefore), ...sent, user_id: before.user_id },
    timeZone,
  );
  const rules = await rulesForUser(ctx, p.orgId, before.user_id);
  violations.push(...timeViolations(draft, rules, now, timeZone));
  try {
    return await retryOnDeadlock(() =>
      ctx.db.transaction().execute(async (trx) => {
        await bookingsRepo.lockUser(trx, p.orgId, before.user_id);
        const current = await bookingsRepo.lockBooking(trx, p.orgId, id);
        if (!current || !isEditable(current, now)) throw editFailed();
        violations.push(...(await databaseViolations(trx, p, draft, now, rules.max_future_bookings, id)));
        if (violations.length) throw bookingRefusal(violations);
        await bookingsRepo.update(
          trx,
          p.orgId,
          id,
          {
            user_id: before.user_id,
            vehicle_id: draft.vehicleId!,
            type: draft.type!,
            destination: draft.destination,
            purpose_id: draft.purposeId,
            other_reason: draft.otherReason,
            starts_at: draft.start!,
            ends_at: draft.end!,
            notify_users: draft.notifyUsers,
          },
          draft.passengers,
          draft.start!.getTime() !== current.starts_at.getTime(),
        );
        const after = await bookingsRepo.findById(trx, p.orgId, id);
        await audit.record(trx, p, {
          entity: "booking",
          id,
          action: "update",
          before: { ...before, passengers: passengersBefore.map((x) => x.user_id) },
          after: { ...after, passengers: draft.passengers },
        });
        return after!;
      }),
    );
  } catch (err) {
    if ((err as { code?: string }).code === "23P01")
      throw bookingRefusal(await constraintViolation(ctx, p, draft, err as { constraint?: string }, id));
    throw err;
  }
}

/** Cancellation is permanent; a booking already completed or cancelled answers "Failed to cancel booking". */
export async function cancelBooking(ctx: AppContext, p: Principal, id: string) {
  carSharingPolicy.write(p);
  const before = await visibleBooking(ctx, p, id);
  if (!carSharingPolicy.isOperator(p) && before.user_id !== p.userId)
    throw new AppError("BOOKING_CANCEL_FAILED", "Failed to cancel booking");
  await ctx.db.transaction().execute(async (trx) => {
    const ok = await setBookingStatus(trx, p.orgId, id, LIVE_STATUSES, "cancelled", {
      cancelled_at: new Date(),
      cancelled_by: p.userId,
    });
    if (!ok) throw new AppError("BOOKING_CANCEL_FAILED", "Failed to cancel booking");
    await audit.record(trx, p, { entity: "booking", id, action: "cancel", before });
  });
}

export type { Violation };
