import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { FleetVehicle } from "../../../lib/map/fleet-types";
import { formatDateTime } from "../../../lib/map/time";
import { FaultList, VehicleStateBadge, formatSpeed } from "./VehicleState";

interface FleetTableProps {
  vehicles: FleetVehicle[];
  selectedId: string | null;
  timeZone: string;
  onSelect?: (vehicleId: string) => void;
}

/** The vehicle list: the whole fleet view without JavaScript, and the list beside the map with it. */
export function FleetTable({ vehicles, selectedId, timeZone, onSelect }: FleetTableProps) {
  const { t } = useTranslation("manage");
  const [params] = useSearchParams();
  const hrefFor = (id: string) => {
    const next = new URLSearchParams(params);
    next.set("vehicle", id);
    return `?${next}`;
  };
  return (
    <table className="table fleet-table" data-testid="fleet-table">
      <thead>
        <tr>
          <th>{t("registration")}</th>
          <th>{t("status")}</th>
          <th>{t("speed")}</th>
          <th>{t("lastUpdate")}</th>
          <th>{t("driver")}</th>
          <th>{t("faults")}</th>
        </tr>
      </thead>
      <tbody>
        {vehicles.map((v) => (
          <tr key={v.vehicleId} data-vehicle-id={v.vehicleId} aria-selected={v.vehicleId === selectedId} className={v.vehicleId === selectedId ? "selected" : undefined}>
            <td>
              <Link to={hrefFor(v.vehicleId)} preventScrollReset replace onClick={onSelect ? (e) => { e.preventDefault(); onSelect(v.vehicleId); } : undefined}>
                {v.registration}
              </Link>
              {v.teamName && <div className="muted small">{v.teamName}</div>}
            </td>
            <td><VehicleStateBadge vehicle={v} /></td>
            <td className="num">{v.fixTime ? formatSpeed(v.speed, t("kmh")) : "—"}</td>
            <td><time dateTime={v.fixTime ?? undefined}>{v.fixTime ? formatDateTime(v.fixTime, timeZone) : t("noPosition")}</time></td>
            <td>{v.driverName ?? "—"}</td>
            <td><FaultList faults={v.faults} /></td>
          </tr>
        ))}
        {vehicles.length === 0 && <tr><td colSpan={6} className="muted">{t("common:list.noResults")}</td></tr>}
      </tbody>
    </table>
  );
}
