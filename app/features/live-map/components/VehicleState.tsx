import { useTranslation } from "react-i18next";
import type { FleetVehicle } from "../../../lib/map/fleet-types";
import { stateLabelKey, statusClass } from "../../../lib/map/vehicle-style";

export function VehicleStateBadge({ vehicle }: { vehicle: Pick<FleetVehicle, "status" | "displayState"> }) {
  const { t } = useTranslation("manage");
  return (
    <span className={statusClass(vehicle)} data-state={vehicle.displayState ?? vehicle.status}>
      {t(stateLabelKey(vehicle))}
    </span>
  );
}

export function FaultList({ faults }: { faults: string[] }) {
  const { t } = useTranslation("devices");
  if (!faults.length) return null;
  return (
    <ul className="fault-list">
      {faults.map((f) => (
        <li key={f} data-fault={f}>
          {t(`faults.${f}`, { defaultValue: f })}
        </li>
      ))}
    </ul>
  );
}

export function formatSpeed(speed: number | null | undefined, unit: string) {
  return typeof speed === "number" ? `${Math.round(speed)} ${unit}` : "—";
}
