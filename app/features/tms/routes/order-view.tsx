import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { StatusBadge } from "../components/StatusBadge";
import { orderAction, orderLoader } from "../orders.server";
import type { Route } from "./+types/order-view";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return orderLoader(context, request, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return orderAction(context, request, params.id);
}

const FIELDS = [
  "client_order_id",
  "customer_code",
  "customer_name",
  "region",
  "business",
  "sales_agent",
  "packets",
  "weight",
  "delivery_date_at",
  "window_start",
  "window_end",
  "address",
  "latitude",
  "longitude",
  "notes",
] as const;

/** An order's details: its fields, truck and place in the sequence, status history, tracking link. */
export default function OrderView({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const [params] = useSearchParams();
  const { order, canWrite, truck, trackingUrl, proof } = loaderData;
  const finishCode = formFailure(actionData, "finish")?.code ?? null;
  const notice = params.has("created")
    ? "orders.created"
    : params.has("saved")
      ? "orders.saved"
      : params.has("finished")
        ? "orders.finishedNotice"
        : null;
  return (
    <section className="stack" data-testid="order-view">
      <header className="page-header">
        <h1>
          {t("orders.viewTitle", { id: order.order_id })} <StatusBadge status={order.status} />
        </h1>
        <Link to="/tms/orders">{t("orders.back")}</Link>
      </header>
      {notice && !actionData && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(notice)}
        </div>
      )}
      <FormAlert code={finishCode} />
      <dl className="card details-grid">
        {FIELDS.map((f) => (
          <div key={f}>
            <dt>{t(`order.fields.${f}`)}</dt>
            <dd>{order[f] || t("common:none")}</dd>
          </div>
        ))}
        <div>
          <dt>{t("order.fields.truck")}</dt>
          <dd>
            {truck ?? t("common:none")}
            {order.sequence ? ` · #${order.sequence}` : ""}
          </dd>
        </div>
        <div>
          <dt>{t("order.fields.eta")}</dt>
          <dd>{order.eta ? order.eta.slice(0, 16).replace("T", " ") : t("common:none")}</dd>
        </div>
        <div>
          <dt>{t("order.fields.started_at")}</dt>
          <dd>{order.started_at ? order.started_at.slice(0, 16).replace("T", " ") : t("common:none")}</dd>
        </div>
        <div>
          <dt>{t("order.fields.finished_at")}</dt>
          <dd>
            {order.finished_at
              ? `${order.finished_at.slice(0, 16).replace("T", " ")}${order.finished_by ? ` · ${t(`finishedBy.${order.finished_by}`)}` : ""}`
              : t("common:none")}
          </dd>
        </div>
      </dl>
      {proof && (
        <div className="card stack" data-testid="proof-of-delivery">
          <h2>{t("delivery:proof")}</h2>
          <dl className="details-grid">
            <div>
              <dt>{t("delivery:recipient")}</dt>
              <dd data-testid="proof-recipient">{proof.recipient_name}</dd>
            </div>
            <div>
              <dt>{t("delivery:deliveredAt")}</dt>
              <dd>{proof.delivered_at.slice(0, 16).replace("T", " ")}</dd>
            </div>
            {proof.recorded_by && (
              <div>
                <dt>{t("delivery:recordedBy")}</dt>
                <dd>{proof.recorded_by}</dd>
              </div>
            )}
            {proof.latitude !== null && proof.longitude !== null && (
              <div>
                <dt>{t("delivery:position")}</dt>
                <dd>
                  {proof.latitude.toFixed(5)}, {proof.longitude.toFixed(5)}
                </dd>
              </div>
            )}
          </dl>
          <a href={proof.photoUrl}>
            <img
              src={proof.photoUrl}
              alt={t("delivery:photoAlt", { id: order.order_id })}
              style={{ maxWidth: "100%", maxHeight: "24rem", height: "auto" }}
              data-testid="proof-photo"
            />
          </a>
        </div>
      )}
      {trackingUrl && (
        <p>
          {t("orders.trackingLink")}:{" "}
          <a href={trackingUrl} data-testid="tracking-link">
            {trackingUrl.slice(0, 40)}…
          </a>
        </p>
      )}
      {canWrite && (
        <div className="form-actions">
          {order.status === "PENDING" && (
            <Link to={`/tms/orders/edit/${order.id}`} className="button" data-testid="edit-order">
              {t("common:actions.edit")}
            </Link>
          )}
          {order.status === "STARTED" && (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="finish" />
              <button type="submit" className="button primary" data-testid="finish-order">
                {t("orders.finish")}
              </button>
            </Form>
          )}
        </div>
      )}
    </section>
  );
}
