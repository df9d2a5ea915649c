import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useRevalidator, useSearchParams } from "react-router";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { StatusBadge } from "../components/StatusBadge";
import { dispatchAction, dispatchLoader } from "../dispatch.server";
import type { Route } from "./+types/dispatch";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return dispatchLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return dispatchAction(context, request);
}

/** Completed plans: dispatch them to the drivers, then follow each truck order by order. */
export default function Dispatch({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const [params] = useSearchParams();
  const { plans, canWrite } = loaderData;
  const revalidator = useRevalidator();
  const live = plans.some(
    (x) => x.dispatched_at && x.trucks.some((tr) => tr.stops.some((st) => st.status === "STARTED")),
  );
  // Live progress: with JavaScript the board refreshes while trucks are on their way (without it, reload the page).
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => revalidator.revalidate(), 15_000);
    return () => clearInterval(timer);
  }, [live, revalidator]);
  return (
    <section className="stack">
      <header className="page-header">
        <h1>{t("dispatch.title")}</h1>
      </header>
      <p className="muted">{t("dispatch.intro")}</p>
      {params.has("dispatched") && !actionData && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("dispatch.dispatchedNotice")}
        </div>
      )}
      <FormAlert code={formFailure(actionData)?.code} />
      {plans.length === 0 && <p className="muted">{t("dispatch.empty")}</p>}
      {plans.map((plan) => (
        <article key={plan.id} className="card stack" data-testid="dispatch-plan" data-plan={plan.id}>
          <header className="page-header">
            <h2>
              <Link to={`/tms/optimize/edit/${plan.id}`}>{plan.name}</Link> · {plan.day}
            </h2>
            {plan.dispatched_at ? (
              <span className="muted">{t("dispatch.dispatched", { at: plan.dispatched_at })}</span>
            ) : (
              canWrite && (
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="dispatch" />
                  <input type="hidden" name="plan" value={plan.id} />
                  <button type="submit" className="button primary" data-testid="dispatch-button">
                    {t("dispatch.dispatch")}
                  </button>
                </Form>
              )
            )}
          </header>
          <div className="tms-trucks">
            {plan.trucks.map((truck) => {
              const done = truck.stops.filter((s) => s.status === "FINISHED").length;
              return (
                <section key={truck.vehicle_id} data-testid="dispatch-truck">
                  <h3>{truck.label}</h3>
                  <p className="muted">
                    {t("dispatch.progress", { done, total: truck.stops.length })} ·{" "}
                    {truck.position
                      ? t("dispatch.truckPosition", { at: truck.position.at ?? "" })
                      : t("dispatch.noPosition")}
                  </p>
                  <progress
                    max={Math.max(truck.stops.length, 1)}
                    value={done}
                    aria-label={t("dispatch.progress", { done, total: truck.stops.length })}
                  />
                  <ol>
                    {truck.stops.map((s) => (
                      <li key={s.id}>
                        <Link to={`/tms/orders/${s.id}`}>{s.order_id}</Link> · {s.customer}{" "}
                        {s.eta && <small className="muted">({s.eta})</small>} <StatusBadge status={s.status} />
                      </li>
                    ))}
                  </ol>
                  <p>
                    <Link to={`/tms/delivering/${plan.id}/${truck.vehicle_id}`}>{t("optimize.deliveringList")}</Link>
                  </p>
                </section>
              );
            })}
          </div>
        </article>
      ))}
    </section>
  );
}
