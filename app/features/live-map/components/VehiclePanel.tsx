import { useTranslation } from "react-i18next";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { FleetVehicle } from "../../../lib/map/fleet-types";
import { formatDateTime } from "../../../lib/map/time";
import { requestHref } from "../../video/components/FootageLink";
import { ImmobilizeControls } from "./ImmobilizeControls";
import { FaultList, VehicleStateBadge, formatSpeed } from "./VehicleState";

interface VehiclePanelProps {
  vehicle: FleetVehicle;
  timeZone: string;
  canCommand: boolean;
  canReplay: boolean;
  closeHref: string;
  /** the vehicle carries a camera the user may request footage from */
  hasCamera?: boolean;
  follow?: { on: boolean; toggle: (on: boolean) => void };
  onClose?: () => void;
  /** the address the server drew the page with (a browser without JavaScript keeps it) */
  initialAddress?: string | null;
}

/** The vehicle's address, asked again of the server whenever it has moved by more than ~11 m (4 decimals). */
function useVehicleAddress(v: FleetVehicle, initial: string | null): string | null {
  const fetcher = useFetcher<{ address: string | null }>();
  const cell =
    v.latitude === null || v.longitude === null ? null : `${v.latitude.toFixed(4)},${v.longitude.toFixed(4)}`;
  const [loadedFor, setLoadedFor] = useState<string | null>(initial ? `${v.vehicleId}|${cell}` : null);
  const key = `${v.vehicleId}|${cell}`;
  const load = fetcher.load;
  useEffect(() => {
    if (cell === null || loadedFor === key) return;
    setLoadedFor(key);
    void load(`/manage/vehicle/${v.vehicleId}/address`);
  }, [cell, key, loadedFor, load, v.vehicleId]);
  if (cell === null) return null;
  return fetcher.data?.address ?? initial;
}

export function VehiclePanel({
  vehicle: v,
  timeZone,
  canCommand,
  canReplay,
  closeHref,
  hasCamera = false,
  follow,
  onClose,
  initialAddress = null,
}: VehiclePanelProps) {
  const address = useVehicleAddress(v, initialAddress);
  const { t } = useTranslation("manage");
  const { t: tv } = useTranslation("video");
  return (
    <aside
      className="card vehicle-panel"
      data-testid="vehicle-panel"
      data-vehicle-id={v.vehicleId}
      aria-labelledby="vehicle-panel-title"
    >
      <header className="vehicle-panel-head">
        <h2 id="vehicle-panel-title">{v.registration}</h2>
        <Link
          to={closeHref}
          className="link-button"
          replace
          preventScrollReset
          onClick={
            onClose
              ? (e) => {
                  e.preventDefault();
                  onClose();
                }
              : undefined
          }
        >
          {t("panel.close")}
        </Link>
      </header>
      <dl className="facts">
        <dt>{t("status")}</dt>
        <dd>
          <VehicleStateBadge vehicle={v} />
        </dd>
        <dt>{t("speed")}</dt>
        <dd data-testid="panel-speed">{v.fixTime ? formatSpeed(v.speed, t("kmh")) : "—"}</dd>
        <dt>{t("address")}</dt>
        <dd data-testid="panel-address">{address ?? "—"}</dd>
        <dt>{t("lastUpdate")}</dt>
        <dd>{v.fixTime ? formatDateTime(v.fixTime, timeZone) : t("noPosition")}</dd>
        <dt>{t("driver")}</dt>
        <dd>{v.driverName ?? "—"}</dd>
        <dt>{t("team")}</dt>
        <dd>{v.teamName ?? "—"}</dd>
        <dt>{t("faults")}</dt>
        <dd>{v.faults.length ? <FaultList faults={v.faults} /> : t("panel.noFaults")}</dd>
      </dl>
      {follow && (
        <label className="follow-toggle">
          <input
            type="checkbox"
            checked={follow.on}
            onChange={(e) => follow.toggle(e.target.checked)}
            data-testid="follow-toggle"
          />{" "}
          {t("panel.follow")}
        </label>
      )}
      {canReplay && (
        <p>
          <Link to={`/replay?vehicle=${v.vehicleId}`}>{t("panel.replay")}</Link>
        </p>
      )}
      {hasCamera && (
        <p>
          <Link to={requestHref(v.vehicleId, "photo", null, timeZone)} data-testid="request-photo">
            {tv("request.requestPhoto")}
          </Link>
        </p>
      )}
      {canCommand && <ImmobilizeControls vehicleId={v.vehicleId} registration={v.registration} />}
    </aside>
  );
}
