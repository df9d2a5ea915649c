/** What the alert engine reads (a vehicle's compiled rules, its fixes) and keeps (its state), and what it raises. */
import type { AlertType } from "../../db/schema/alerts";
import type { GeofenceIndex } from "../places";

export interface CompiledPolicy {
  id: string;
  name: string;
  type: AlertType;
  speedLimit: number | null;
  durationMs: number | null;
  /** null = every geofence */
  geofenceIds: ReadonlySet<string> | null;
  /** null = any alarm / fault */
  alarmKinds: ReadonlySet<string> | null;
  faultKinds: ReadonlySet<string> | null;
  /** minutes since local midnight; null = the whole day */
  window: { from: number; to: number } | null;
  days: ReadonlySet<number>;
  dailyLimit: number | null;
  driverLimit: number | null;
  notifyInApp: boolean;
  notifyEmail: boolean;
  recipients: readonly string[];
  emails: readonly string[];
}

/** What the engine knows about one vehicle's rules. */
export interface VehicleRules {
  policies: readonly CompiledPolicy[];
  geofences: GeofenceIndex | null;
  timezone: string;
  /** whether any policy is about geofences (precomputed by the rules loader; computed when absent) */
  watchesGeofences?: boolean;
}

export interface PolicyMark {
  /** speeding episode already alerted */
  over?: 1;
  /** geofences whose dwell was alerted during the current visit */
  dw?: string[];
  idle?: 1;
  out?: 1;
  unseen?: 1;
  /** the 12-hour no-data fault already alerted */
  nd?: 1;
}

export interface AlertState {
  /** geofences the vehicle was in at fix time `t`: id → entered at (ms) */
  g?: { t: number; in: Record<string, number> };
  /** last known (non-null) ignition */
  ig?: boolean;
  /** engine on and standing since (ms) */
  idle?: number;
  /** alarm of the previous record, so that a repeated alarm raises one alert */
  alarm?: string;
  p?: Record<string, PolicyMark>;
}

export interface Snapshot {
  lastFixTime: number | null;
  faults: readonly string[];
}

export interface FixInput {
  fixTime: number;
  lat: number;
  lon: number;
  speed: number;
  valid: boolean;
  ignition: boolean | null;
  alarm?: string | null;
}

export interface AlertEvent {
  policy: CompiledPolicy;
  at: number;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  place: { id: string; name: string } | null;
  details: Record<string, unknown>;
  /** the driver the alert is about when it is not the vehicle's current driver (a route job's driver); absent: the vehicle's */
  driverId?: string | null;
}
