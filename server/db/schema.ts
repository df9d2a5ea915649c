import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { AlertTables } from "./schema-alerts";
import type { AdminTables, OrganizationAdminColumns, SessionSupportColumns } from "./schema-admin";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Numeric = ColumnType<string, number | string, number | string>;
type NullableNumeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;
type DateOnly = ColumnType<string | null, string | null | undefined, string | null>;

export interface OrganizationsTable extends OrganizationAdminColumns {
  id: Generated<string>;
  name: string;
  legal_name: string | null;
  business_number: string | null;
  fiscal_number: string | null;
  country: string | null;
  province: string | null;
  region: string | null;
  city: string | null;
  postal_code: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  is_operator: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrganizationSettingsTable {
  org_id: string;
  attendance_enabled: Generated<boolean>;
  attendance_start_threshold: Generated<string>;
  checkin_radius_m: Generated<number>;
  checkout_radius_m: Generated<number>;
  self_assign_jobs: Generated<boolean>;
  timezone: Generated<string>;
  updated_at: Timestamp;
}

export interface RoleOptions {
  redirect_urls?: { login?: string; analytics?: string; maintenance?: string };
  default_language?: "al" | "en";
}

export interface RolesTable {
  id: Generated<string>;
  org_id: string;
  key: string;
  name: string;
  permissions: string[];
  options: ColumnType<RoleOptions, RoleOptions | string, RoleOptions | string>;
  created_at: Timestamp;
}

export interface TeamsTable {
  id: Generated<string>;
  org_id: string;
  name: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  org_id: string;
  email: string | null;
  password_hash: string | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birthday: DateOnly;
  personal_number: string | null;
  phone: string | null;
  role_id: string;
  team_id: string | null;
  is_driver: Generated<boolean>;
  web_only: Generated<boolean>;
  vehicle_access: Generated<"all" | "selected">;
  default_language: Generated<"al" | "en">;
  active: Generated<boolean>;
  last_login_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VehiclesTable {
  id: Generated<string>;
  org_id: string;
  registration: string;
  category: "Truck" | "Van" | "Car";
  fuel: string | null;
  identifier_name: string | null;
  chassis_number: string | null;
  fuel_consumption: NullableNumeric;
  tank_volume: NullableNumeric;
  vehicle_year: number | null;
  size: string | null;
  purchase_price: NullableNumeric;
  estimated_consumption: NullableNumeric;
  electric: Generated<boolean>;
  fleet_number: string | null;
  business_number: string | null;
  fiscal_number: string | null;
  country: string | null;
  province: string | null;
  region: string | null;
  postal_code: string | null;
  team_id: string | null;
  driver_id: string | null;
  device_imei: string | null;
  device_protocol: "teltonika" | "gt06" | "osmand" | "h02" | null;
  odometer_km: Generated<Numeric>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VehicleImagesTable {
  id: Generated<string>;
  org_id: string;
  vehicle_id: string;
  content_type: string;
  byte_size: number;
  data: Buffer;
  created_at: Timestamp;
}

export interface UserVehiclesTable {
  org_id: string;
  user_id: string;
  vehicle_id: string;
}

export interface SessionsTable extends SessionSupportColumns {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  token_hash: string;
  socket_token_hash: string;
  csrf_token: string;
  kind: Generated<"web" | "api" | "sso">;
  scope: Generated<string>;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  key: string;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AppMetaTable {
  key: string;
  value: string;
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
  attributes: ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, Record<string, unknown> | string>;
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

export interface PlacesTable {
  id: Generated<string>;
  org_id: string;
  kind: "poi" | "geofence";
  shape: "point" | "circle" | "polygon";
  name: string;
  category: string;
  city: string | null;
  latitude: number;
  longitude: number;
  icon: Generated<string>;
  icon_color: Generated<string>;
  radius_m: number | null;
  polygon: ColumnType<Array<[number, number]> | null, string | null | undefined, string | null>;
  min_lat: number;
  max_lat: number;
  min_lon: number;
  max_lon: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlaceImportsTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  file_name: string;
  format: string;
  total_rows: number;
  valid_rows: ColumnType<unknown[], string, string>;
  errors: ColumnType<unknown[], string, string>;
  created_at: Timestamp;
}

export interface Database extends AlertTables, AdminTables {
  organizations: OrganizationsTable;
  organization_settings: OrganizationSettingsTable;
  roles: RolesTable;
  teams: TeamsTable;
  users: UsersTable;
  vehicles: VehiclesTable;
  vehicle_images: VehicleImagesTable;
  user_vehicles: UserVehiclesTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  password_resets: PasswordResetsTable;
  app_meta: AppMetaTable;
  positions: PositionsTable;
  vehicle_state: VehicleStateTable;
  unknown_devices: UnknownDevicesTable;
  device_commands: DeviceCommandsTable;
  live_subscriptions: LiveSubscriptionsTable;
  places: PlacesTable;
  place_imports: PlaceImportsTable;
}

export type Organization = Selectable<OrganizationsTable>;
export type Role = Selectable<RolesTable>;
export type Team = Selectable<TeamsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Vehicle = Selectable<VehiclesTable>;
export type NewVehicle = Insertable<VehiclesTable>;
export type VehicleUpdate = Updateable<VehiclesTable>;
