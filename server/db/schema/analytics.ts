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
  archive_retention_days: ColumnType<number, number | undefined, number>;
  report_language: ColumnType<"al" | "en", "al" | "en" | undefined, "al" | "en">;
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

export interface ReportSchedulesTable {
  id: ColumnType<string, string | undefined, string>;
  org_id: string;
  created_by: string;
  name: string;
  report_type: string;
  params: Json<Record<string, unknown>>;
  hour: number;
  time_range: string;
  interval: "daily" | "weekly" | "monthly";
  weekday: number | null;
  month_day: number | null;
  vehicle_ids: ColumnType<string[], string[] | undefined, string[]>;
  team_ids: ColumnType<string[], string[] | undefined, string[]>;
  driver_ids: ColumnType<string[], string[] | undefined, string[]>;
  user_ids: ColumnType<string[], string[] | undefined, string[]>;
  emails: ColumnType<string[], string[] | undefined, string[]>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ArchiveStatus = "RUNNING" | "COMPLETED" | "FAILED";

export interface ArchivedReportsTable {
  id: ColumnType<string, string | undefined, string>;
  org_id: string;
  requested_by: string | null;
  schedule_id: string | null;
  report_type: string;
  params: Json<Record<string, unknown>>;
  period_from: string;
  period_to: string;
  status: ColumnType<ArchiveStatus, ArchiveStatus | undefined, ArchiveStatus>;
  progress: ColumnType<number, number | undefined, number>;
  row_count: number | null;
  error: string | null;
  run_key: string | null;
  emailed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  emailed_to: ColumnType<string[], string[] | undefined, string[]>;
  attempts: ColumnType<number, number | undefined, number>;
  heartbeat_at: Timestamp;
  created_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ArchivedReportFilesTable {
  report_id: string;
  format: "csv" | "xlsx" | "pdf";
  language: "al" | "en";
  content: Buffer;
  size: number;
}

export interface AnalyticsTables {
  report_schedules: ReportSchedulesTable;
  archived_reports: ArchivedReportsTable;
  archived_report_files: ArchivedReportFilesTable;
  dashboard_tiles: DashboardTilesTable;
  analytics_settings: AnalyticsSettingsTable;
  vehicle_segments: VehicleSegmentsTable;
  vehicle_segment_state: VehicleSegmentStateTable;
  geofence_visits: GeofenceVisitsTable;
}

export interface GeofenceVisitsTable {
  org_id: string;
  vehicle_id: string;
  place_id: string;
  enter_time: Timestamp;
  exit_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  driver_id: string | null;
  enter_lat: number;
  enter_lon: number;
  exit_lat: number | null;
  exit_lon: number | null;
  enter_odometer_m: ColumnType<number, number | undefined, number>;
  exit_odometer_m: number | null;
}
