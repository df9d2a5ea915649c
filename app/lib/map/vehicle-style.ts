import { PIN_COLORS as STATE_COLORS } from "../../../server/modules/positions/vehicle-status";
import type { DisplayState, FleetVehicle, VehicleStatus } from "./fleet-types";

export type PinKind = "moving" | "stopped" | "standby" | "off" | "unknown";

/** Spec pin colours (moving green, off blue, stopped orange), stand by and idle yellow, grey without a position. */
export const PIN_COLORS: Record<PinKind, string> = {
  moving: STATE_COLORS.moving,
  stopped: STATE_COLORS.stopped,
  standby: STATE_COLORS["stand by"],
  off: STATE_COLORS.off,
  unknown: "#8a96a3",
};

export function pinKind(status: VehicleStatus | null | undefined, displayState?: DisplayState | null): PinKind {
  if (!status || status === "Unknown" || !displayState) return "unknown";
  if (displayState === "stand by" || displayState === "idle") return "standby";
  return displayState;
}

/** CSS class of the status badge (app.css status-*, map.css status-standby). */
export const statusClass = (v: Pick<FleetVehicle, "status" | "displayState">) =>
  `status status-${pinKind(v.status, v.displayState)}`;

/** Translation key of the state users see: the display state, or the status when there is no position. */
export function stateLabelKey(v: Pick<FleetVehicle, "status" | "displayState">): string {
  if (v.status === "Unknown" || !v.displayState) return `manage:vehicleStatus.${v.status}`;
  return `manage:displayState.${v.displayState.replace(" ", "")}`;
}
