import { memo, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Pagination } from "../../../components/ListControls";
import type { FleetVehicle } from "../../../lib/map/fleet-types";
import { formatDateTime } from "../../../lib/map/time";
import { FaultList, VehicleStateBadge, formatSpeed } from "./VehicleState";

interface FleetTableProps {
  vehicles: FleetVehicle[];
  selectedId: string | null;
  timeZone: string;
  onSelect?: (vehicleId: string) => void;
  /** the element that scrolls the list: with it and JavaScript, long lists render only the rows in view */
  scrollRef?: RefObject<HTMLElement | null>;
}

/**
 * Lists longer than this render only the rows in view (plus a margin) once the page is interactive,
 * and are split into pages of this size without JavaScript (the server renders one page, not 10,000 rows).
 */
export const WINDOWED_FROM = 300;
const OVERSCAN = 15;

/** The vehicle list: the whole fleet view without JavaScript, and the list beside the map with it. */
export function FleetTable({ vehicles, selectedId, timeZone, onSelect, scrollRef }: FleetTableProps) {
  const { t } = useTranslation("manage");
  const [params] = useSearchParams();
  const hrefFor = (id: string) => {
    const next = new URLSearchParams(params);
    next.set("vehicle", id);
    return `?${next}`;
  };
  const body = useRef<HTMLTableSectionElement>(null);
  const windowed = Boolean(onSelect && scrollRef) && vehicles.length > WINDOWED_FROM;
  const range = useRowWindow(windowed, vehicles.length, scrollRef, body);
  const pages = Math.ceil(vehicles.length / WINDOWED_FROM);
  const paged = !windowed && pages > 1;
  const page = Math.min(pages, Math.max(1, Math.floor(Number(params.get("page"))) || 1));
  const shown = windowed
    ? vehicles.slice(range.start, range.end)
    : paged
      ? vehicles.slice((page - 1) * WINDOWED_FROM, page * WINDOWED_FROM)
      : vehicles;
  return (
    <>
      <table className="table fleet-table" data-testid="fleet-table" data-windowed={windowed ? "1" : undefined}>
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
        <tbody ref={body}>
          {windowed && range.start > 0 && (
            <tr aria-hidden="true" className="spacer" style={{ height: range.start * range.rowHeight }} />
          )}
          {shown.map((v) => (
            <FleetRow
              key={v.vehicleId}
              vehicle={v}
              selected={v.vehicleId === selectedId}
              timeZone={timeZone}
              href={hrefFor(v.vehicleId)}
              onSelect={onSelect}
            />
          ))}
          {windowed && range.end < vehicles.length && (
            <tr
              aria-hidden="true"
              className="spacer"
              style={{ height: (vehicles.length - range.end) * range.rowHeight }}
            />
          )}
          {vehicles.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                {t("common:list.noResults")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {paged && <Pagination page={page} pages={pages} total={vehicles.length} />}
    </>
  );
}

/** One vehicle's row; re-rendered only when that vehicle (the live store gives it a new object) or its selection changes. */
const FleetRow = memo(function FleetRow({
  vehicle: v,
  selected,
  timeZone,
  href,
  onSelect,
}: {
  vehicle: FleetVehicle;
  selected: boolean;
  timeZone: string;
  href: string;
  onSelect?: (vehicleId: string) => void;
}) {
  const { t } = useTranslation("manage");
  return (
    <tr data-vehicle-id={v.vehicleId} aria-selected={selected} className={selected ? "selected" : undefined}>
      <td>
        <Link
          to={href}
          preventScrollReset
          replace
          onClick={
            onSelect
              ? (e) => {
                  e.preventDefault();
                  onSelect(v.vehicleId);
                }
              : undefined
          }
        >
          {v.registration}
        </Link>
        {v.teamName && <div className="muted small">{v.teamName}</div>}
      </td>
      <td>
        <VehicleStateBadge vehicle={v} />
      </td>
      <td className="num">{v.fixTime ? formatSpeed(v.speed, t("kmh")) : "—"}</td>
      <td>
        <time dateTime={v.fixTime ?? undefined}>
          {v.fixTime ? formatDateTime(v.fixTime, timeZone) : t("noPosition")}
        </time>
      </td>
      <td>{v.driverName ?? "—"}</td>
      <td>
        <FaultList faults={v.faults} />
      </td>
    </tr>
  );
});

/** The rows under the scroll element's viewport; the row height is measured from the rendered rows. */
function useRowWindow(
  enabled: boolean,
  count: number,
  scrollRef: RefObject<HTMLElement | null> | undefined,
  body: RefObject<HTMLTableSectionElement | null>,
) {
  const [range, setRange] = useState({ start: 0, end: Math.min(count, 60), rowHeight: 41 });
  const rowHeight = useRef(41);
  useEffect(() => {
    const el = scrollRef?.current;
    if (!enabled || !el) return;
    let frame: number | null = null;
    const compute = () => {
      frame = null;
      const tbody = body.current;
      if (!tbody) return;
      const bodyTop = tbody.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop;
      const top = Math.max(0, el.scrollTop - bodyTop);
      const h = rowHeight.current;
      const start = Math.max(0, Math.floor(top / h) - OVERSCAN);
      const end = Math.min(count, Math.ceil((top + el.clientHeight) / h) + OVERSCAN);
      setRange((r) => (r.start === start && r.end === end && r.rowHeight === h ? r : { start, end, rowHeight: h }));
    };
    const schedule = () => {
      frame ??= requestAnimationFrame(compute);
    };
    compute();
    el.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      el.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [enabled, count, scrollRef, body]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- re-measures the row height after every render; setRange runs only when it changed
  useLayoutEffect(() => {
    const tbody = body.current;
    if (!enabled || !tbody) return;
    const rows = [...tbody.rows].filter((r) => !r.classList.contains("spacer"));
    if (!rows.length) return;
    const measured = rows.reduce((sum, r) => sum + r.offsetHeight, 0) / rows.length;
    if (measured > 0 && Math.abs(measured - rowHeight.current) > 1) {
      rowHeight.current = measured;
      setRange((r) => ({ ...r, rowHeight: measured }));
    }
  });
  return enabled ? range : { start: 0, end: count, rowHeight: rowHeight.current };
}
