import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CsrfInput, FieldErrors, FormAlert } from "../../../components/forms";
import { failureFields, failureValues, formFailure } from "../../../lib/form-failure";
import { isQueuedAnswer, submitOrQueue } from "../components/offline-submit";
import { checkAction, checkLoader } from "../driver-tasks.server";
import "../components/driver-tasks.css";
import type { Route } from "./+types/check";
import { skipRevalidationWhenQueued } from "../../../lib/queued-answer";

export const shouldRevalidate = skipRevalidationWhenQueued;

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return checkLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return checkAction(context, request);
}

/** With JavaScript: a check made offline (or whose request fails) waits in the phone's queue, photos included. */
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrQueue(request, serverAction, "vehicle-check");
}

/** The vehicle check before the day starts: one card per item, OK or Problem, a note and a photo for a problem. */
export default function VehicleCheck({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("vehicleCheck");
  const { items, vehicles, ownVehicleId, today, justSent } = loaderData;
  const queued = isQueuedAnswer(actionData);
  const failed = queued ? null : formFailure(actionData, "check");
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (queued) formRef.current?.reset();
  }, [queued, actionData]);
  const fields = failureFields(failed);
  const values = failureValues(failed) ?? {};
  const value = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === "en" ? "en-GB" : "sq-AL", { hour: "2-digit", minute: "2-digit" }).format(
      new Date(iso),
    );
  return (
    <section className="dt-page stack" data-testid="vehicle-check">
      <h1>{t("page.title")}</h1>
      {justSent && (
        <div className="alert alert-ok" role="status" data-testid="check-sent">
          {t("page.saved")}
        </div>
      )}
      {queued && (
        <div className="alert alert-ok" role="status" data-testid="check-queued">
          {t("page.queued")}
        </div>
      )}
      {today.length > 0 && (
        <ul className="dt-done" data-testid="checked-today">
          {today.map((c) => (
            <li key={c.id}>
              {t("page.doneToday", { vehicle: c.registration, time: time(c.at) })}{" "}
              {c.passed ? t("page.allPassed") : t("page.failedCount", { count: c.failed })}
            </li>
          ))}
        </ul>
      )}
      <p className="muted">{t("page.intro")}</p>
      <FormAlert code={failed?.code} />
      <Form ref={formRef} method="post" encType="multipart/form-data" data-testid="check-form" data-unsaved-guard>
        <CsrfInput />
        {vehicles.length > 1 || !ownVehicleId ? (
          <div className="field">
            <label htmlFor="vehicle_id">{t("page.vehicle")}</label>
            <select
              id="vehicle_id"
              name="vehicle_id"
              defaultValue={value("vehicle_id") || (ownVehicleId ?? "")}
              required
            >
              <option value="">{t("page.chooseVehicle")}</option>
              {vehicles.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.registration}
                </option>
              ))}
            </select>
            <FieldErrors errors={fields.vehicle_id} />
          </div>
        ) : (
          <input type="hidden" name="vehicle_id" value={ownVehicleId} />
        )}
        {items.map((item) => (
          <fieldset className="dt-item" key={item.key} data-testid={`item-${item.key}`}>
            <legend>{item.name}</legend>
            <div className="dt-choices">
              <label className="dt-choice">
                <input
                  type="radio"
                  name={`result_${item.key}`}
                  value="pass"
                  required
                  defaultChecked={value(`result_${item.key}`) === "pass"}
                />
                {t("page.pass")}
              </label>
              <label className="dt-choice fail">
                <input
                  type="radio"
                  name={`result_${item.key}`}
                  value="fail"
                  defaultChecked={value(`result_${item.key}`) === "fail"}
                />
                {t("page.fail")}
              </label>
            </div>
            <div className="dt-fail">
              <label htmlFor={`note_${item.key}`}>{t("page.note")}</label>
              <textarea
                id={`note_${item.key}`}
                name={`note_${item.key}`}
                rows={2}
                maxLength={500}
                defaultValue={value(`note_${item.key}`)}
              />
              <label htmlFor={`photo_${item.key}`}>{t("page.photo")}</label>
              <input
                id={`photo_${item.key}`}
                type="file"
                name={`photo_${item.key}`}
                accept="image/jpeg,image/png,image/webp"
                capture="environment"
              />
              {item.photo && <small className="hint">{t("page.photoRequired")}</small>}
            </div>
            <FieldErrors errors={fields[`result_${item.key}`] ?? fields[`photo_${item.key}`]} />
          </fieldset>
        ))}
        <div className="dt-submit">
          <button type="submit" className="button primary" data-testid="send-check">
            {t("page.submit")}
          </button>
        </div>
      </Form>
      <Link to="/driver">{t("page.back")}</Link>
    </section>
  );
}
