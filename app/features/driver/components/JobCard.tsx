import { useTranslation } from "react-i18next";
import type { Platform } from "../../../lib/platform";
import type { DriverJob, DriverOrder } from "../driver.server";
import { ActionForm } from "./ActionForm";
import { useDriverQueue } from "./DriverQueue";

/**
 * Turn-by-turn navigation in the phone's own maps app: Apple Maps on iOS, Google Maps (the app when installed)
 * elsewhere; both open driving directions to the point.
 */
export function navigationUrl(platform: Platform, lat: number, lon: number): string {
  const at = `${lat},${lon}`;
  if (platform === "ios") return `https://maps.apple.com/?daddr=${at}&dirflg=d`;
  return `https://www.google.com/maps/dir/?api=1&destination=${at}&travelmode=driving`;
}

/** A job of today: where, when, whom to call, notes, ETA, navigation and the check-in/out button. */
export function JobCard({ job, index, platform }: { job: DriverJob; index: number; platform: Platform }) {
  const { t } = useTranslation("driver");
  const { pending } = useDriverQueue();
  const queued = pending.filter((p) => p.jobId === job.id).map((p) => p.kind);
  // what the driver did offline shows at once: a queued check-in offers the check-out next
  const status =
    queued.includes("check-out") || job.status === "finished"
      ? "finished"
      : queued.includes("check-in") || job.status === "started"
        ? "started"
        : "not_started";
  return (
    <li id={`stop-${job.id}`} className={`driver-card status-${status}`} data-testid="driver-job" data-job-id={job.id}>
      <div className="driver-card-head">
        <span className="driver-stop">{job.planned_sequence ?? index + 1}</span>
        <div>
          <h3>{job.name}</h3>
          {job.address && <p className="driver-address">{job.address}</p>}
        </div>
        <span className="driver-status" data-testid="job-status">
          {t(`jobs.status.${status}`)}
        </span>
      </div>
      <p className="driver-times">
        <span>{t("jobs.window", { from: job.scheduled_arrival, to: job.scheduled_departure })}</span>
        {job.planned_eta && <span>{t("jobs.plannedEta", { time: job.planned_eta })}</span>}
        {job.live_eta_status === "ok" && job.live_eta && <span>{t("jobs.liveEta", { time: job.live_eta })}</span>}
        {job.live_eta_status === "no_position" && <span>{t("jobs.noPosition")}</span>}
        {job.predicted_late && <span className="driver-late">{t("jobs.predictedLate")}</span>}
        {job.arrived && <span>{t("jobs.arrivedAt", { time: job.arrived })}</span>}
        {job.departed && <span>{t("jobs.departedAt", { time: job.departed })}</span>}
      </p>
      {job.notes && (
        <p className="driver-notes">
          <strong>{t("jobs.notes")}:</strong> {job.notes}
        </p>
      )}
      {queued.length > 0 && (
        <p className="driver-queued" data-testid="job-queued">
          {t("queue.queuedBadge")}
        </p>
      )}
      <div className="driver-card-actions">
        {job.contact_phone && (
          <a className="driver-button" href={`tel:${job.contact_phone.replace(/[^\d+]/g, "")}`}>
            {t("jobs.call", { name: job.contact_name || job.contact_phone })}
          </a>
        )}
        <a
          className="driver-button"
          href={navigationUrl(platform, job.latitude, job.longitude)}
          target="_blank"
          rel="noreferrer"
        >
          {t("jobs.navigate")}
        </a>
        {status === "not_started" && (
          <ActionForm
            action="check-in"
            jobId={job.id}
            position="required"
            label={t("jobs.checkIn")}
            testId="check-in"
          />
        )}
        {status === "started" && (
          <ActionForm
            action="check-out"
            jobId={job.id}
            position="required"
            label={t("jobs.checkOut")}
            testId="check-out"
          />
        )}
      </div>
    </li>
  );
}

/** A transport order's stop on the driver's vehicle, with its proof of delivery. */
export function OrderCard({ order, platform }: { order: DriverOrder; platform: Platform }) {
  const { t } = useTranslation("driver");
  return (
    <li className="driver-card" data-testid="driver-order">
      <div className="driver-card-head">
        <span className="driver-stop">{order.sequence ?? "•"}</span>
        <div>
          <h3>{order.customer ? `${order.orderId} · ${order.customer}` : order.orderId}</h3>
          {order.address && <p className="driver-address">{order.address}</p>}
        </div>
        <span className="driver-status">{t(`orders.status.${order.status}`)}</span>
      </div>
      <p className="driver-times">
        {order.window && <span>{order.window}</span>}
        {order.eta && <span>{t("jobs.plannedEta", { time: order.eta })}</span>}
        <span>{t("orders.packets", { count: order.packets })}</span>
      </p>
      {order.notes && <p className="driver-notes">{order.notes}</p>}
      <div className="driver-card-actions">
        <a
          className="driver-button"
          href={navigationUrl(platform, order.latitude, order.longitude)}
          target="_blank"
          rel="noreferrer"
        >
          {t("jobs.navigate")}
        </a>
        <a className="driver-button primary" href={`/driver/orders/${order.id}/delivery`} data-testid="proof-link">
          {t("orders.proof")}
        </a>
      </div>
    </li>
  );
}
