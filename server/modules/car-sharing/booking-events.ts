import type { DB } from "../../db/database";
import type { BookingStatus } from "../../db/schema/car-sharing";
import { emitEvent } from "../events";
import { bookingsRepo } from "./bookings.repo";

/**
 * Every booking status change goes through here: the row's change and its integration event in the same
 * transaction. A cancellation (by a person or as a no-show) is `booking.cancelled`, every other change
 * `booking.status.changed`. Answers what the repository answers (the row when it changed).
 */
export async function setBookingStatus(
  db: DB,
  orgId: string,
  id: string,
  from: readonly BookingStatus[],
  to: BookingStatus,
  extra: Record<string, unknown> = {},
) {
  const changed = await bookingsRepo.setStatus(db, orgId, id, from, to, extra);
  if (changed)
    await emitEvent(db, {
      type: to === "cancelled" ? "booking.cancelled" : "booking.status.changed",
      organizationId: orgId,
      data: { booking_id: id, status: to, no_show: extra.no_show === true, cancelled_by: extra.cancelled_by ?? null },
    });
  return changed;
}

/** `booking.created`, in the booking's own transaction. */
export function emitBookingCreated(
  db: DB,
  orgId: string,
  b: { id: string; user_id: string; vehicle_id: string; starts_at: Date; ends_at: Date; status: string; type: string },
) {
  return emitEvent(db, {
    type: "booking.created",
    organizationId: orgId,
    data: {
      booking_id: b.id,
      user_id: b.user_id,
      vehicle_id: b.vehicle_id,
      type: b.type,
      status: b.status,
      starts_at: b.starts_at.toISOString(),
      ends_at: b.ends_at.toISOString(),
    },
  });
}
