import { iso, num } from "../shared/mapping";

interface BookingLike {
  id: string;
  user_id: string;
  user_name: string;
  vehicle_id: string;
  registration: string;
  type: string;
  destination: string;
  purpose_id: string | null;
  purpose_label: string | null;
  other_reason: string | null;
  starts_at: Date;
  ends_at: Date;
  notify_users: boolean;
  status: string;
  displayStatus?: string;
  no_show: boolean;
  cancelled_at: Date | null;
  distance_km: string | null;
  completed_at?: Date | null;
}

/** A booking as the API answers it (no org_id, ISO instants). */
export function toBookingDto(
  b: BookingLike & { passengers?: Array<{ user_id: string; name: string }>; my_role?: string | null },
) {
  return {
    id: b.id,
    user: { id: b.user_id, name: b.user_name },
    vehicle: { id: b.vehicle_id, registration: b.registration },
    type: b.type,
    destination: b.destination,
    purpose: b.purpose_id ? { id: b.purpose_id, label: b.purpose_label } : null,
    other_reason: b.other_reason,
    start: iso(b.starts_at),
    end: iso(b.ends_at),
    notify_users: b.notify_users,
    status: b.displayStatus ?? b.status,
    no_show: b.no_show,
    cancelled_at: iso(b.cancelled_at),
    // completed early: the vehicle came back to its base before the booked end
    returned_at: b.status === "completed" && b.completed_at && b.completed_at < b.ends_at ? iso(b.completed_at) : null,
    distance_km: num(b.distance_km),
    ...(b.my_role !== undefined ? { my_role: b.my_role } : {}),
    ...(b.passengers ? { passengers: b.passengers.map((p) => ({ id: p.user_id, name: p.name })) } : {}),
  };
}
