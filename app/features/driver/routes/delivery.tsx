import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { CsrfInput, FieldErrors, FormAlert } from "../../../components/forms";
import { failureFields, failureValues, formFailure } from "../../../lib/form-failure";
import { isQueuedAnswer, submitOrQueue } from "../components/offline-submit";
import { deliveryAction, deliveryLoader } from "../driver-tasks.server";
import "../components/driver-tasks.css";
import type { Route } from "./+types/delivery";
import { skipRevalidationWhenQueued } from "../../../lib/queued-answer";

export const shouldRevalidate = skipRevalidationWhenQueued;

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return deliveryLoader(context, request, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return deliveryAction(context, request, params.id);
}

/** With JavaScript: a proof made offline (or whose request fails) waits in the phone's queue with its photo. */
export function clientAction({ request, serverAction, params }: Route.ClientActionArgs) {
  return submitOrQueue(request, serverAction, "proof-of-delivery", [["order_id", params.id]]);
}

/** The phone's position for the proof, when the browser gives it (the form works without it, and without JS). */
function usePosition() {
  const [pos, setPos] = useState<{ lat: string; lon: string } | null>(null);
  useEffect(() => {
    if (!("geolocation" in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (p) => setPos({ lat: p.coords.latitude.toFixed(6), lon: p.coords.longitude.toFixed(6) }),
      () => setPos(null),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);
  return pos;
}

/** Proof of delivery for one order on the driver's truck: the recipient's name and a photo. */
export default function Delivery({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("delivery");
  const [params] = useSearchParams();
  const { order, proof } = loaderData;
  const queued = isQueuedAnswer(actionData);
  const failed = queued ? null : formFailure(actionData, "deliver");
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (queued) formRef.current?.reset();
  }, [queued, actionData]);
  const fields = failureFields(failed);
  const values = failureValues(failed);
  const pos = usePosition();
  return (
    <section className="dt-page stack" data-testid="delivery">
      <h1>{t("title", { id: order.order_id })}</h1>
      <dl className="card details-grid">
        <div>
          <dt>{t("customer")}</dt>
          <dd>{order.customer_name}</dd>
        </div>
        {order.address && (
          <div>
            <dt>{t("address")}</dt>
            <dd>{order.address}</dd>
          </div>
        )}
        <div>
          <dt>{t("packets")}</dt>
          <dd>{order.packets}</dd>
        </div>
      </dl>
      {params.has("delivered") && proof && (
        <div className="alert alert-ok" role="status" data-testid="delivered">
          {t("delivered")}
        </div>
      )}
      {queued && !proof && (
        <div className="alert alert-ok" role="status" data-testid="delivery-queued">
          {t("queued")}
        </div>
      )}
      {proof ? (
        <div className="card stack" data-testid="proof">
          <h2>{t("proof")}</h2>
          <p>{t("receivedBy", { name: proof.recipient_name })}</p>
          <p className="muted">
            {t("deliveredAt")}: {proof.delivered_at.slice(0, 16).replace("T", " ")}
          </p>
          <img className="dt-photo" src={proof.photoUrl} alt={t("photoAlt", { id: order.order_id })} />
        </div>
      ) : (
        <>
          {order.status === "PENDING" && <p className="alert alert-error">{t("notStarted")}</p>}
          <FormAlert code={failed?.code} />
          <Form
            ref={formRef}
            method="post"
            encType="multipart/form-data"
            className="stack"
            data-testid="delivery-form"
            data-unsaved-guard
          >
            <CsrfInput />
            <div className="field">
              <label htmlFor="recipient_name">{t("recipient")}</label>
              <input
                id="recipient_name"
                name="recipient_name"
                type="text"
                required
                maxLength={120}
                autoComplete="off"
                defaultValue={typeof values?.recipient_name === "string" ? values.recipient_name : ""}
              />
              <FieldErrors errors={fields.recipient_name} />
            </div>
            <div className="field">
              <label htmlFor="photo">{t("photo")}</label>
              <input
                id="photo"
                name="photo"
                type="file"
                required
                accept="image/jpeg,image/png,image/webp"
                capture="environment"
              />
              <FieldErrors errors={fields.photo} />
            </div>
            <input type="hidden" name="latitude" value={pos?.lat ?? ""} />
            <input type="hidden" name="longitude" value={pos?.lon ?? ""} />
            <div className="dt-submit">
              <button type="submit" className="button primary" data-testid="confirm-delivery">
                {t("submit")}
              </button>
            </div>
          </Form>
        </>
      )}
      <Link to="/driver">{t("back")}</Link>
    </section>
  );
}
