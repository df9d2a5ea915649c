import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "../../../components/forms";
import type { DriverAction } from "../driver-actions.server";
import { useDriverQueue } from "./DriverQueue";

/** The phone's position, or null when it cannot be had (refused, no fix within the time-out). */
export function currentPosition(): Promise<{ latitude: number; longitude: number } | null> {
  if (typeof navigator === "undefined" || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  });
}

/**
 * One driver action as a form. Without JavaScript it posts to the page with the position typed in (the browser
 * cannot read the phone's location without a script); with JavaScript it reads the location, sends the action
 * and, offline, keeps it in the phone's queue with the time it was made.
 */
export function ActionForm(props: {
  action: DriverAction;
  jobId?: string;
  /** the position is required (check-in/out, taking a job) or optional (the working day) */
  position: "required" | "optional" | "none";
  label: string;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("driver");
  const { ready, submit } = useDriverQueue();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const pos = props.position === "none" ? null : await currentPosition();
      if (!pos && props.position === "required") {
        setProblem(t("position.unavailable"));
        return;
      }
      const fields: Array<[string, string]> = [];
      if (props.jobId) fields.push(["job_id", props.jobId]);
      if (pos) fields.push(["latitude", String(pos.latitude)], ["longitude", String(pos.longitude)]);
      await submit({ kind: props.action, fields, jobId: props.jobId ?? null });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action="/driver?index" onSubmit={ready ? onSubmit : undefined} className="driver-action">
      <CsrfInput />
      <input type="hidden" name="intent" value={props.action} />
      {props.jobId && <input type="hidden" name="job_id" value={props.jobId} />}
      {props.position !== "none" && !ready && (
        <fieldset className="driver-position">
          <legend>{t("position.legend")}</legend>
          <label>
            {t("position.latitude")}
            <input name="latitude" inputMode="decimal" required={props.position === "required"} />
          </label>
          <label>
            {t("position.longitude")}
            <input name="longitude" inputMode="decimal" required={props.position === "required"} />
          </label>
        </fieldset>
      )}
      {props.children}
      <button
        type="submit"
        className={`driver-button ${props.className ?? "primary"}`}
        disabled={busy}
        data-testid={props.testId}
      >
        {busy && props.position !== "none" ? t("position.locating") : props.label}
      </button>
      {problem && (
        <p className="driver-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
