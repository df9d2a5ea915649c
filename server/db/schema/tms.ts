import type { ColumnType, Generated } from "kysely";
import type { Numeric, Timestamp } from "./common";

/** Transport management: orders, optimisations, depots, settings, integration API keys (migrations 0012, 0016). */
export interface TmsTables {
  tms_settings: TmsSettingsTable;
  tms_depots: TmsDepotsTable;
  tms_optimizations: TmsOptimizationsTable;
  tms_orders: TmsOrdersTable;
  tms_api_keys: TmsApiKeysTable;
  tms_api_key_usage: TmsApiKeyUsageTable;
}

export type TmsOrderStatus = "PENDING" | "STARTED" | "FINISHED";
export type TmsOptimizationStatus = "draft" | "completed";
export type TmsRunState = "idle" | "queued" | "running" | "done" | "failed";

export interface TmsTruck {
  vehicle_id: string;
  capacity_weight: number;
  capacity_packets: number;
}

export interface TmsPlanResult {
  routes: Array<{ vehicle_id: string; distance_m: number; duration_s: number; geometry: Array<[number, number]> }>;
  unassigned: Array<{ order_id: string; reason: string }>;
  elapsed_ms?: number;
}

type JsonCol<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface TmsSettingsTable {
  org_id: string;
  service_minutes: Generated<number>;
  weight_unit: Generated<string>;
  packet_unit: Generated<string>;
  window_start: Generated<number>;
  window_end: Generated<number>;
  time_limit_s: Generated<number>;
  arrival_radius_m: Generated<number>;
  updated_at: Timestamp;
}

export interface TmsDepotsTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  latitude: number;
  longitude: number;
  created_at: Timestamp;
}

export interface TmsOptimizationsTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  day: ColumnType<string, string, string>;
  depot_id: string | null;
  status: ColumnType<TmsOptimizationStatus, TmsOptimizationStatus | undefined, TmsOptimizationStatus>;
  run_state: ColumnType<TmsRunState, TmsRunState | undefined, TmsRunState>;
  progress: NullableJson<{ elapsedMs: number; iteration: number; unassigned: number; vehicles: number }>;
  trucks: JsonCol<TmsTruck[]>;
  result: NullableJson<TmsPlanResult>;
  dispatched_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TmsOrdersTable {
  id: Generated<string>;
  org_id: string;
  order_id: string;
  client_order_id: string | null;
  customer_code: string;
  customer_name: string | null;
  address: string | null;
  latitude: number;
  longitude: number;
  region: string | null;
  business: string | null;
  packets: Generated<number>;
  weight: Numeric;
  sales_agent: string | null;
  delivery_date_at: ColumnType<string, string, string>;
  window_start: number | null;
  window_end: number | null;
  notes: string | null;
  status: ColumnType<TmsOrderStatus, TmsOrderStatus | undefined, TmsOrderStatus>;
  optimization_id: string | null;
  vehicle_id: string | null;
  sequence: number | null;
  eta: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_by: "driver" | "arrival" | "api" | "planner" | null;
  tracking_token: string | null;
  tracking_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TmsApiKeysTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: string | null;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Requests per key and minute (migration 0016): the integration API's rate limit, shared by every process. */
export interface TmsApiKeyUsageTable {
  org_id: string;
  key_id: string;
  window_start: Timestamp;
  requests: number;
}
