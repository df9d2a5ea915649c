import { useTranslation } from "react-i18next";
import type { DriverHomeData } from "../driver.server";
import { ActionForm } from "./ActionForm";
import { useDriverQueue } from "./DriverQueue";

/**
 * Start and end of the working day (time attendance): the threshold is stated before the driver presses, and
 * before it the page says a start will be refused (the service refuses it: ATTENDANCE_BEFORE_THRESHOLD).
 */
export function WorkingDay({ day }: { day: DriverHomeData["workingDay"] }) {
  const { t } = useTranslation("driver");
  const { pending } = useDriverQueue();
  if (!day.active) return null;
  const queuedStart = pending.some((p) => p.kind === "day-start");
  const queuedEnd = pending.some((p) => p.kind === "day-end");
  const started = Boolean(day.started) || queuedStart;
  const ended = Boolean(day.ended) || queuedEnd;
  return (
    <section className="driver-section" data-testid="working-day">
      <h2>{t("day.title")}</h2>
      {!started && (
        <>
          <p data-testid="threshold">{t("day.threshold", { time: day.threshold })}</p>
          {day.beforeThreshold && (
            <p className="driver-warning" data-testid="before-threshold">
              {t("day.beforeThreshold", { time: day.threshold })}
            </p>
          )}
          <ActionForm action="day-start" position="optional" label={t("day.start")} testId="day-start" />
        </>
      )}
      {day.started && <p>{t(day.late ? "day.startedLate" : "day.started", { time: day.started })}</p>}
      {(queuedStart || queuedEnd) && <p className="driver-queued">{t("queue.queuedBadge")}</p>}
      {started && !ended && (
        <ActionForm action="day-end" position="none" label={t("day.end")} className="" testId="day-end" />
      )}
      {day.ended && <p>{t("day.ended", { time: day.ended })}</p>}
    </section>
  );
}
