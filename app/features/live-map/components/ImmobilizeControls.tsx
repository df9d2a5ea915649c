import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { CsrfInput } from "../../../components/forms";

export type ImmobilizationAction = "block" | "unblock";

export interface ImmobilizationResult {
  ok: boolean;
  status?: string;
  action?: ImmobilizationAction;
  reason?: string | null;
  code?: string;
}

export const commandHref = (vehicleId: string, action: ImmobilizationAction) =>
  `/immobilization/command?vehicle=${encodeURIComponent(vehicleId)}&action=${action}`;

export function ImmobilizationOutcome({ result }: { result: ImmobilizationResult | undefined }) {
  const { t } = useTranslation("immobilization");
  if (!result) return null;
  if (!result.ok)
    return (
      <p className="alert alert-error" role="alert" data-testid="immobilization-result">
        {t(`errors.${result.code}`, { defaultValue: t("errors.generic") })}
      </p>
    );
  return (
    <p
      className={`alert ${result.status === "Failed" ? "alert-error" : "alert-ok"}`}
      role="status"
      data-testid="immobilization-result"
      data-status={result.status}
    >
      {t("sent", {
        action: t(`action.${result.action}`),
        status: t(`status.${result.status}`, { defaultValue: result.status }),
      })}
      {result.reason && (
        <span className="reason"> ({t(`reasons.${result.reason}`, { defaultValue: result.reason })})</span>
      )}
    </p>
  );
}

/**
 * Block and unblock for users allowed to command: links to a confirmation page without JavaScript,
 * a confirmation dialog with it.
 */
export function ImmobilizeControls({ vehicleId, registration }: { vehicleId: string; registration: string }) {
  const { t } = useTranslation("immobilization");
  const fetcher = useFetcher<ImmobilizationResult>();
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState<ImmobilizationAction | null>(null);

  useEffect(() => {
    if (pending) dialog.current?.showModal?.();
    else dialog.current?.close?.();
  }, [pending]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setPending(null);
  }, [fetcher.state, fetcher.data]);

  const open = (action: ImmobilizationAction) => (e: React.MouseEvent) => {
    e.preventDefault();
    setPending(action);
  };

  return (
    <div className="immobilize" data-testid="immobilize-controls">
      <div className="button-row">
        <Link
          to={commandHref(vehicleId, "block")}
          className="button danger"
          onClick={open("block")}
          data-action="block"
        >
          {t("block")}
        </Link>
        <Link to={commandHref(vehicleId, "unblock")} className="button" onClick={open("unblock")} data-action="unblock">
          {t("unblock")}
        </Link>
      </div>
      <ImmobilizationOutcome result={fetcher.data} />
      <dialog
        ref={dialog}
        className="confirm-dialog"
        onClose={() => setPending(null)}
        aria-labelledby="immobilize-title"
      >
        {pending && (
          <fetcher.Form method="post" action="/immobilization/command">
            <h2 id="immobilize-title">{t(`confirmTitle.${pending}`)}</h2>
            <p>{t(`confirmBody.${pending}`, { registration })}</p>
            <CsrfInput />
            <input type="hidden" name="vehicle" value={vehicleId} />
            <input type="hidden" name="action" value={pending} />
            <div className="button-row">
              <button
                type="submit"
                className={`button ${pending === "block" ? "danger" : "primary"}`}
                disabled={fetcher.state !== "idle"}
                data-testid="confirm-immobilization"
              >
                {t(`confirm.${pending}`)}
              </button>
              <button type="button" className="button" onClick={() => setPending(null)}>
                {t("cancel")}
              </button>
            </div>
          </fetcher.Form>
        )}
      </dialog>
    </div>
  );
}
