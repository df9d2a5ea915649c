import { iso } from "../shared/mapping";
import type { LiveEta } from "./live-eta";
import type { RouteJob } from "./route-jobs.repo";

/** A job as the API answers: no org_id, times HH:mm, ISO instants. */
export function toJobDto(j: RouteJob & { punctuality?: string; distance_m?: number; live?: LiveEta }) {
  return {
    id: j.id,
    name: j.name,
    place_id: j.place_id,
    address: j.address,
    latitude: j.latitude,
    longitude: j.longitude,
    contact_name: j.contact_name,
    contact_phone: j.contact_phone,
    notes: j.notes,
    scheduled_date: j.scheduled_date,
    scheduled_arrival: j.scheduled_arrival.slice(0, 5),
    scheduled_departure: j.scheduled_departure.slice(0, 5),
    recurrence_days: j.recurrence_days,
    series_id: j.series_id,
    template_id: j.template_id,
    driver_id: j.driver_id,
    driver_name: j.driver_name,
    vehicle_id: j.vehicle_id,
    vehicle_registration: j.vehicle_registration,
    status: j.status,
    arrived_at: iso(j.arrived_at),
    departed_at: iso(j.departed_at),
    checkin_source: j.checkin_source,
    checkout_source: j.checkout_source,
    checkin_distance_m: j.checkin_distance_m,
    checkout_distance_m: j.checkout_distance_m,
    planned_sequence: j.planned_sequence,
    planned_eta: j.planned_arrival ? j.planned_arrival.slice(0, 5) : null,
    ...(j.punctuality !== undefined ? { punctuality: j.punctuality } : {}),
    ...(j.distance_m !== undefined ? { distance_m: j.distance_m } : {}),
    ...(j.live !== undefined
      ? { live_eta: j.live.time, live_eta_status: j.live.status, predicted_late: j.live.predictedLate }
      : {}),
  };
}

export function toAttendanceDto(d: {
  day: string;
  started_at: Date;
  ended_at: Date | null;
  threshold: string | null;
  late: boolean;
  user_id: string;
}) {
  return {
    user_id: d.user_id,
    day: d.day,
    started_at: iso(d.started_at),
    ended_at: iso(d.ended_at),
    threshold: d.threshold?.slice(0, 5) ?? null,
    late: d.late,
  };
}
