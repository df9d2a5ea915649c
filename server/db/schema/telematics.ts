import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./common";

/** Positions, vehicle state, devices, immobilisation commands and live subscriptions. */
export interface TelematicsTables {
  positions: PositionsTable;
  vehicle_state: VehicleStateTable;
  unknown_devices: UnknownDevicesTable;
  device_commands: DeviceCommandsTable;
  live_subscriptions: LiveSubscriptionsTable;
  device_status: DeviceStatusTable;
  device_refused_frames: DeviceRefusedFramesTable;
}

/** The latest status attributes of a vehicle's device (0026_devices-variants_device_status.sql). */
export interface DeviceStatusTable {
  vehicle_id: string;
  org_id: string;
  identifier: string;
  attributes: ColumnType<Record<string, unknown>, string, string>;
  alarm: string | null;
  ignition: boolean | null;
  updated_at: Generated<Timestamp>;
}

/** The last refused frame per identifier and protocol, cut to 1 KiB. */
export interface DeviceRefusedFramesTable {
  identifier: string;
  protocol: string;
  frame: Buffer;
  frame_length: number;
  reason: string;
  known_device: boolean;
  refused_at: Generated<Timestamp>;
  refusals: Generated<number>;
}

export interface PositionsTable {
  org_id: string;
  vehicle_id: string;
  device_id: string;
  fix_time: Timestamp;
  server_time: Timestamp;
  lat: number;
  lon: number;
  speed_kmh: Generated<number>;
  course: Generated<number>;
  altitude: Generated<number>;
  satellites: Generated<number>;
  ignition: boolean | null;
  valid: Generated<boolean>;
  odometer_m: Generated<number>;
  attributes: ColumnType<
    Record<string, unknown>,
    Record<string, unknown> | string | undefined,
    Record<string, unknown> | string
  >;
}

export interface VehicleStateTable {
  vehicle_id: string;
  org_id: string;
  device_id: string | null;
  lat: number | null;
  lon: number | null;
  speed_kmh: Generated<number>;
  course: Generated<number>;
  altitude: Generated<number>;
  satellites: Generated<number>;
  valid: Generated<boolean>;
  ignition: boolean | null;
  odometer_m: Generated<number>;
  device_odometer_m: number | null;
  engine_hours_s: Generated<number>;
  last_fix_time: Timestamp | null;
  last_server_time: Timestamp | null;
  state_since: Timestamp | null;
  recent_fix_bits: Generated<number>;
  recent_count: Generated<number>;
  moving_without_ignition_s: Generated<number>;
  ignition_seen: Generated<boolean>;
  faults: Generated<string[]>;
  alert_state: ColumnType<Record<string, unknown>, string | undefined, string>;
  updated_at: Timestamp;
}

export interface UnknownDevicesTable {
  identifier: string;
  protocol: string;
  remote_address: string | null;
  first_seen: Timestamp;
  last_seen: Timestamp;
  attempts: Generated<number>;
}

export interface DeviceCommandsTable {
  id: Generated<string>;
  org_id: string;
  vehicle_id: string;
  device_id: string;
  action: "block" | "unblock";
  status: Generated<"Pending" | "Blocked" | "Unblocked" | "Failed">;
  requested_by: string | null;
  created_at: Timestamp;
  answered_at: Timestamp | null;
  response: string | null;
  error: string | null;
}

export interface LiveSubscriptionsTable {
  org_id: string;
  user_id: string;
  channel: string;
  vehicle_id: string;
  created_at: Timestamp;
}
