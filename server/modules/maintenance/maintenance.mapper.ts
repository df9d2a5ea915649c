import { iso, num } from "../shared/mapping";
import type { ReminderView } from "./reminder-view";

/** A reminder as the API answers: its terms, its state now and the odometer it was judged at. */
export function toReminderDto(r: ReminderView) {
  return {
    id: r.id,
    vehicle_id: r.vehicle_id,
    registration: r.registration,
    name: r.name,
    kind: r.kind,
    interval_days: r.interval_days,
    interval_km: r.interval_km,
    interval_hours: r.interval_hours,
    before_days: r.before_days,
    before_km: r.before_km,
    before_hours: r.before_hours,
    base_engine_hours: num(r.base_engine_hours),
    repeat: r.repeat,
    active: r.active,
    base_date: r.base_date,
    base_odometer_km: num(r.base_odometer_km),
    responsible_user_id: r.responsible_user_id,
    notes: r.notes,
    status: r.status,
    due_date: r.dueDate,
    due_km: r.dueKm,
    days_left: r.daysLeft,
    km_left: r.kmLeft,
    due_hours: r.dueHours,
    hours_left: r.hoursLeft,
    odometer_km: r.odometer_km,
    engine_hours: r.engine_hours,
    completed_at: iso(r.completed_at),
    updated_at: iso(r.updated_at),
  };
}
export type ReminderDto = ReturnType<typeof toReminderDto>;

type Attachment = { id: string; file_name: string; content_type: string; byte_size: number };
const toAttachment = (a: Attachment) => ({
  id: a.id,
  file_name: a.file_name,
  content_type: a.content_type,
  byte_size: a.byte_size,
  url: `/api/maintenance/attachments/${a.id}`,
});

export function toServiceDto(s: {
  id: string;
  vehicle_id: string;
  kind: string;
  service_type: string;
  reminder_id: string | null;
  completed_on: string;
  odometer_km: string | null;
  engine_hours?: string | null;
  telematics_odometer_km: string | null;
  cost: string;
  supplier_id: string | null;
  notes: string | null;
  created_at: Date;
  total_cost?: number;
  registration?: string;
  parts?: Array<{ part_id: string; name: string; quantity: string; unit_price: string }>;
  attachments?: Attachment[];
}) {
  return {
    id: s.id,
    vehicle_id: s.vehicle_id,
    registration: s.registration ?? null,
    kind: s.kind,
    service_type: s.service_type,
    reminder_id: s.reminder_id,
    completed_on: s.completed_on,
    odometer_km: num(s.odometer_km),
    telematics_odometer_km: num(s.telematics_odometer_km),
    engine_hours: num(s.engine_hours ?? null),
    cost: num(s.cost),
    total_cost: s.total_cost ?? num(s.cost),
    supplier_id: s.supplier_id,
    notes: s.notes,
    created_at: iso(s.created_at),
    ...(s.parts
      ? {
          parts: s.parts.map((x) => ({
            part_id: x.part_id,
            name: x.name,
            quantity: num(x.quantity),
            unit_price: num(x.unit_price),
          })),
        }
      : {}),
    ...(s.attachments ? { attachments: s.attachments.map(toAttachment) } : {}),
  };
}

export function toFuelDto(f: {
  id: string;
  vehicle_id: string;
  filled_on: string;
  liters: string;
  price: string;
  bill_number: string | null;
  odometer_km: string;
  telematics_odometer_km: string | null;
  engine_hours: string | null;
  full_tank: boolean;
  supplier_id: string | null;
  notes: string | null;
  created_at: Date;
  registration?: string;
  consumption?: number | null;
  l_per_hour?: number | null;
  flags?: string[];
  attachments?: Attachment[];
}) {
  return {
    id: f.id,
    vehicle_id: f.vehicle_id,
    registration: f.registration ?? null,
    filled_on: f.filled_on,
    liters: num(f.liters),
    price: num(f.price),
    bill_number: f.bill_number,
    odometer_km: num(f.odometer_km),
    telematics_odometer_km: num(f.telematics_odometer_km),
    engine_hours: num(f.engine_hours),
    full_tank: f.full_tank,
    supplier_id: f.supplier_id,
    notes: f.notes,
    created_at: iso(f.created_at),
    ...(f.consumption !== undefined
      ? { consumption_l_100km: f.consumption, consumption_l_per_hour: f.l_per_hour ?? null, flags: f.flags ?? [] }
      : {}),
    ...(f.attachments ? { attachments: f.attachments.map(toAttachment) } : {}),
  };
}
