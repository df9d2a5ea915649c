import { useTranslation } from "react-i18next";

/** An order's status (PENDING, STARTED, FINISHED) or a plan's (draft, completed), translated, with its raw value kept for tests. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("tms");
  return (
    <span className={`tms-status tms-status-${status.toLowerCase()}`} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** A load against capacity as a bar (red when over). */
export function LoadBar({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.round((value / max) * 100) : value > 0 ? 999 : 0;
  return (
    <div className={`tms-load${pct > 100 ? " over" : ""}`} title={label} data-testid="load-bar" data-percent={pct}>
      <span className="tms-load-label">{label}</span>
      <span
        className="tms-load-track"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-label={label}
      >
        <span className="tms-load-fill" style={{ width: `${Math.min(pct, 100)}%` }} />
      </span>
    </div>
  );
}
