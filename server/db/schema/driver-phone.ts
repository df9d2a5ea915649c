import type { ColumnType, Generated } from "kysely";
import type { Json, Timestamp } from "./common";

/** The driver's phone (migration 0033): Web Push, the vehicle check, proof of delivery. */
export interface DriverPhoneTables {
  push_vapid_keys: PushVapidKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  vehicle_check_items: VehicleCheckItemsTable;
  vehicle_checks: VehicleChecksTable;
  tms_proofs_of_delivery: TmsProofsOfDeliveryTable;
}

export interface PushVapidKeysTable {
  id: Generated<boolean>;
  public_key: string;
  private_key: string;
  created_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Timestamp;
  last_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type CheckPreset = "lights" | "tyres" | "damage";

export interface VehicleCheckItemsTable {
  id: Generated<string>;
  org_id: string;
  position: number;
  preset: CheckPreset | null;
  label: string | null;
  photo: Generated<boolean>;
  created_at: Timestamp;
}

/** One answered item as stored with the check (a snapshot of the checklist). */
export interface CheckedItem {
  item_id: string | null;
  preset: CheckPreset | null;
  label: string | null;
  ok: boolean;
  note: string | null;
  photo_key: string | null;
  photo_type: string | null;
  reminder_id: string | null;
}

export interface VehicleChecksTable {
  id: Generated<string>;
  org_id: string;
  vehicle_id: string;
  driver_id: string | null;
  day: ColumnType<string, string, string>;
  passed: boolean;
  items: Json<CheckedItem[]>;
  created_at: Timestamp;
  /** a check sent by the phone's queue: what makes it the same check when sent again (migration 0037) */
  fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TmsProofsOfDeliveryTable {
  order_id: string;
  org_id: string;
  recipient_name: string;
  photo_key: string;
  photo_type: string;
  photo_bytes: number;
  latitude: number | null;
  longitude: number | null;
  delivered_at: Timestamp;
  recorded_by: string | null;
}
