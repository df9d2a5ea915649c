import type { ColumnType, Generated } from "kysely";
import type { Json, Timestamp } from "./common";

type DateCol = ColumnType<string, string, string>;
type IntArray = ColumnType<number[], number[] | undefined, number[]>;
type DateArray = ColumnType<string[], string[] | undefined, string[]>;

/** Route planning: field jobs, templates, imports, optimisations, time attendance. */
export interface RoutePlanningTables {
  route_settings: RouteSettingsTable;
  route_templates: RouteTemplatesTable;
  route_template_stops: RouteTemplateStopsTable;
  route_jobs: RouteJobsTable;
  route_imports: RouteImportsTable;
  route_optimizations: RouteOptimizationsTable;
  attendance_rules: AttendanceRulesTable;
  attendance_rule_users: AttendanceRuleUsersTable;
  attendance_days: AttendanceDaysTable;
}

export interface RouteSettingsTable {
  org_id: string;
  self_assign_radius_m: Generated<number>;
  late_grace_min: Generated<number>;
  updated_at: Timestamp;
}

export interface RouteTemplatesTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  driver_id: string | null;
  vehicle_id: string | null;
  days: IntArray;
  dates: DateArray;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JobPointColumns {
  name: string;
  place_id: string | null;
  address: string | null;
  latitude: number;
  longitude: number;
  contact_name: string | null;
  contact_phone: string | null;
  notes: string | null;
}

export interface RouteTemplateStopsTable extends JobPointColumns {
  id: Generated<string>;
  org_id: string;
  template_id: string;
  position: Generated<number>;
  arrival: string;
  departure: string;
}

export type JobStatus = "not_started" | "started" | "finished";
export type CheckSource = "auto" | "phone" | "manual";

export interface RouteJobsTable extends JobPointColumns {
  id: Generated<string>;
  org_id: string;
  series_id: string | null;
  template_id: string | null;
  scheduled_date: DateCol;
  scheduled_arrival: string;
  scheduled_departure: string;
  recurrence_days: IntArray;
  driver_id: string | null;
  vehicle_id: string | null;
  status: Generated<JobStatus>;
  arrived_at: Date | null;
  departed_at: Date | null;
  checkin_source: CheckSource | null;
  checkout_source: CheckSource | null;
  checkin_distance_m: number | null;
  checkout_distance_m: number | null;
  late_alerted_at: Date | null;
  missed_alerted_at: Date | null;
  /** job_eta_late raised for this visit (0021) */
  eta_alerted_at: Date | null;
  /** Place in the vehicle's accepted optimised route (1 = first) and the optimiser's arrival (wall clock), 0018. */
  planned_sequence: number | null;
  planned_arrival: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RouteImportsTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  file_name: string;
  total_rows: number;
  valid_rows: Json<unknown[]>;
  errors: Json<unknown[]>;
  created_at: Timestamp;
}

export interface RouteOptimizationsTable {
  id: Generated<string>;
  org_id: string;
  day: DateCol;
  status: Generated<"running" | "draft" | "accepted" | "failed">;
  progress: Json<Record<string, unknown>>;
  proposal: ColumnType<unknown | null, string | null | undefined, string | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AttendanceRulesTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  start_threshold: string;
  created_at: Timestamp;
}

export interface AttendanceRuleUsersTable {
  org_id: string;
  user_id: string;
  rule_id: string;
}

export interface AttendanceDaysTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  day: DateCol;
  started_at: Date;
  ended_at: Date | null;
  threshold: string | null;
  late: Generated<boolean>;
  start_lat: number | null;
  start_lon: number | null;
}
