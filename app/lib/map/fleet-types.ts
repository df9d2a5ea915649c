export type VehicleStatus = "Moving" | "Idle" | "Off" | "Unknown";
export type DisplayState = "moving" | "stopped" | "stand by" | "idle" | "off";

/** One vehicle as the fleet list and the map show it (server: listFleetState). */
export interface FleetVehicle {
  vehicleId: string;
  registration: string;
  category: string;
  teamId: string | null;
  teamName: string | null;
  driverName: string | null;
  status: VehicleStatus;
  displayState: DisplayState | null;
  pinColor?: string | null;
  ignition: 0 | 1 | null;
  speed: number | null;
  latitude: number | null;
  longitude: number | null;
  course: number | null;
  fixTime: string | null;
  faults: string[];
}

export type { FleetCounters } from "../../../server/modules/positions/vehicle-status";

/** A position pushed over the /live WebSocket. */
export interface LivePositionMessage {
  type: "position";
  vehicleId: string;
  ignition?: 0 | 1 | null;
  speed?: number | null;
  latitude: number;
  longitude: number;
  course?: number | null;
  fixTime?: string | null;
  status?: VehicleStatus;
  displayState?: DisplayState | null;
  pinColor?: string | null;
  IsEngineOn?: boolean;
  Speed?: number;
}
