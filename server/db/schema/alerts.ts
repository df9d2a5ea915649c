import type { ColumnType, Generated } from "kysely";
import type { Json, Timestamp } from "./common";

export const ALERT_TYPES = [
  "speeding",
  "geofence_enter",
  "geofence_exit",
  "geofence_dwell",
  "ignition_on",
  "ignition_off",
  "idling",
  "movement_outside_hours",
  "device_fault",
  "device_alarm",
  "unseen",
  // raised by route planning's lateness sweep (server/modules/route-planning/lateness.ts), not by positions
  "job_eta_late",
  "job_late",
  "job_missed",
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export type EmailStatus = "none" | "pending" | "sent" | "failed";

export interface AlertPoliciesTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  alert_type: AlertType;
  active: Generated<boolean>;
  all_vehicles: Generated<boolean>;
  all_geofences: Generated<boolean>;
  speed_limit_kmh: number | null;
  duration_min: number | null;
  alarm_kinds: Generated<string[]>;
  fault_kinds: Generated<string[]>;
  /** "HH:MM:SS" local time, or null for the whole day */
  time_from: string | null;
  time_to: string | null;
  days: Generated<number[]>;
  daily_limit: number | null;
  driver_limit: number | null;
  notify_in_app: Generated<boolean>;
  notify_email: Generated<boolean>;
  emails: Generated<string[]>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface PolicyLink {
  org_id: string;
  policy_id: string;
}
export interface AlertPolicyVehiclesTable extends PolicyLink {
  vehicle_id: string;
}
export interface AlertPolicyTeamsTable extends PolicyLink {
  team_id: string;
}
export interface AlertPolicyGeofencesTable extends PolicyLink {
  place_id: string;
}
export interface AlertPolicyRecipientsTable extends PolicyLink {
  user_id: string;
}

export interface AlertsTable {
  id: Generated<string>;
  org_id: string;
  policy_id: string | null;
  policy_name: string;
  alert_type: AlertType;
  vehicle_id: string;
  driver_id: string | null;
  place_id: string | null;
  place_name: string | null;
  occurred_at: Timestamp;
  created_at: Timestamp;
  lat: number | null;
  lon: number | null;
  speed_kmh: number | null;
  details: Json<Record<string, unknown>>;
  email_status: Generated<EmailStatus>;
}

export interface AlertNotificationsTable {
  org_id: string;
  alert_id: string;
  user_id: string;
  read_at: Timestamp | null;
}

export interface AlertCountersTable {
  policy_id: string;
  subject: string;
  day: ColumnType<string, string, string>;
  count: number;
}

export interface AlertConfigVersionsTable {
  org_id: string;
  version: Generated<string>;
}

export interface AlertTables {
  alert_policies: AlertPoliciesTable;
  alert_policy_vehicles: AlertPolicyVehiclesTable;
  alert_policy_teams: AlertPolicyTeamsTable;
  alert_policy_geofences: AlertPolicyGeofencesTable;
  alert_policy_recipients: AlertPolicyRecipientsTable;
  alerts: AlertsTable;
  alert_notifications: AlertNotificationsTable;
  alert_counters: AlertCountersTable;
  alert_config_versions: AlertConfigVersionsTable;
}
