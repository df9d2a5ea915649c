import type { ColumnType, Generated } from "kysely";
import type { NullableNumeric, Timestamp } from "./common";

/** Allowed booking hours of one weekday ("to" may be "24:00"), or null when bookings are closed that day. */
export type DayHours = { from: string; to: string } | null;

/** Car sharing: settings, specific rules, pool vehicles and users, entries, bookings (migration 0009). */
export interface CarSharingTables {
  car_sharing_settings: CarSharingSettingsTable;
  car_sharing_rules: CarSharingRulesTable;
  car_sharing_vehicles: {
    org_id: string;
    vehicle_id: string;
    added_at: Timestamp;
    base_place_id: ColumnType<string | null, string | null | undefined, string | null>;
  };
  car_sharing_users: {
    org_id: string;
    user_id: string;
    may_book: Generated<boolean>;
    notification_scope: Generated<"none" | "own" | "all">;
  };
  car_sharing_entries: CarSharingEntriesTable;
  bookings: BookingsTable;
  booking_people: BookingPeopleTable;
}

export interface CarSharingSettingsTable {
  org_id: string;
  min_duration_min: Generated<number>;
  max_duration_min: Generated<number>;
  advance_days: Generated<number>;
  max_future_bookings: Generated<number>;
  min_lead_min: Generated<number>;
  reminder_min: Generated<number>;
  allowed_hours: ColumnType<DayHours[], string | undefined, string>;
  no_show_grace_min: Generated<number>;
  activate_on_ignition: Generated<boolean>;
  /** minutes a booked vehicle rests in its base with the ignition off before the booking completes early (0020) */
  return_rest_min: Generated<number>;
  updated_at: Timestamp;
}

export interface CarSharingRulesTable {
  id: Generated<string>;
  org_id: string;
  user_id: string | null;
  team_id: string | null;
  min_duration_min: number | null;
  max_duration_min: number | null;
  advance_days: number | null;
  max_future_bookings: number | null;
  min_lead_min: number | null;
  allowed_hours: ColumnType<DayHours[] | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface CarSharingEntriesTable {
  id: Generated<string>;
  org_id: string;
  kind: "purpose" | "destination";
  label: string;
  created_at: Timestamp;
}

export type BookingStatus = "approved" | "active" | "completed" | "cancelled" | "unknown";

export interface BookingsTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  vehicle_id: string;
  type: "shared" | "personal";
  destination: string;
  purpose_id: string | null;
  other_reason: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  period: ColumnType<string, never, never>;
  notify_users: Generated<boolean>;
  status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  created_by: string;
  created_at: Timestamp;
  activated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_by: string | null;
  no_show: Generated<boolean>;
  reminder_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  distance_km: NullableNumeric;
}

export interface BookingPeopleTable {
  org_id: string;
  booking_id: string;
  user_id: string;
  role: "driver" | "passenger";
  period: string;
  live: Generated<boolean>;
  /** when this person's reminder went out (0020): a passenger added after the booking's reminder gets one of their own */
  reminded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
