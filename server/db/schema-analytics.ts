import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface AnalyticsSettingsTable {
  org_id: string;
  min_stop_s: ColumnType<number, number | undefined, number>;
  min_trip_distance_m: ColumnType<number, number | undefined, number>;
  idle_min_s: ColumnType<number, number | undefined, number>;
  max_gap_s: ColumnType<number, number | undefined, number>;
  moving_speed_kmh: ColumnType<number, number | undefined, number>;
  detection: ColumnType<"auto" | "ignition" | "motion", string | undefined, string>;
  speed_limit_kmh: ColumnType<number, number | undefined, number>;
  min_speeding_s: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface VehicleSegmentsTable {
  org_id: string;
  vehicle_id: string;
  kind: "trip" | "stop" | "idle" | "speeding";
  start_time: Timestamp;
  end_time: Timestamp;
  driver_id: string | null;
  start_lat: number;
  start_lon: number;
  end_lat: number;
  end_lon: number;
  distance_m: number;
  max_speed_kmh: number;
  engine_s: number;
  idle_s: number;
  start_odometer_m: number;
  end_odometer_m: number;
  points: number;
  gap: boolean;
  harsh_accel: number;
  harsh_brake: number;
  harsh_corner: number;
  speeding_s: number;
}

export interface VehicleSegmentStateTable {
  vehicle_id: string;
  org_id: string;
  state: Json<unknown>;
  dirty_from: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: Timestamp;
}

export interface DashboardTilesTable {
  id: ColumnType<string, string | undefined, string>;
  org_id: string;
  user_id: string;
  position: ColumnType<number, number | undefined, number>;
  metric: string;
  chart_type: string;
  ranking: string | null;
  ranking_size: ColumnType<number, number | undefined, number>;
  aggregation: ColumnType<string, string | undefined, string>;
  time_window: string;
  vehicle_ids: ColumnType<string[], string[] | undefined, string[]>;
  team_ids: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnalyticsTables {
  dashboard_tiles: DashboardTilesTable;
  analytics_settings: AnalyticsSettingsTable;
  vehicle_segments: VehicleSegmentsTable;
  vehicle_segment_state: VehicleSegmentStateTable;
}
