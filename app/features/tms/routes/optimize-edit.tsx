import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useRevalidator, useSearchParams } from "react-router";
import { DeleteConfirm } from "../../../components/DeleteConfirm";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { PlanForm } from "../components/PlanForm";
import { PlanMap } from "../components/PlanMap";
import { PlanResult } from "../components/PlanResult";
import { StatusBadge } from "../components/StatusBadge";
import { editPlanAction, editPlanLoader } from "../plans.server";
import { UnfitOrders, unfitOf } from "../components/UnfitOrders";
import type { Route } from "./+types/optimize-edit";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return editPlanLoader(context, request, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return editPlanAction(context, request, params.id);
}

const NOTICES = ["created", "saved", "queued", "moved", "completed"] as const;

/** One optimisation: its form while draft, the optimiser's progress, the result to adjust, complete or delete. */
export default function EditOptimization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const { plan, trucks, orders, unassigned, options, canWrite } = loaderData;
  const running = plan.run_state === "queued" || plan.run_state === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => revalidator.revalidate(), 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const draft = plan.status === "draft";
  const editable = canWrite && draft && !running;
  const failure = formFailure(actionData);
  const notice = NOTICES.find((n) => params.has(n));
  const deleteCode = formFailure(actionData, "delete")?.code ?? null;
  const button = (intentName: string, label: string, primary = false) => (
    <Form method="post">
      <CsrfInput />
      <input type="hidden" name="intent" value={intentName} />
      <button type="submit" className={`button${primary ? " primary" : ""}`} data-testid={`plan-${intentName}`}>
        {label}
      </button>
    </Form>
  );
  const label = new Map(trucks.map((x) => [x.vehicle_id, x.label]));
  return (
    <section className="stack" data-testid="plan-page" data-run-state={plan.run_state} data-status={plan.status}>
      <header className="page-header">
        <h1>
          {t("optimize.editTitle", { name: plan.name })} <StatusBadge status={plan.status} />
        </h1>
        <Link to="/tms/optimize/list">{t("optimize.back")}</Link>
      </header>
      {notice && !actionData && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(`optimize.${notice}`)}
        </div>
      )}
      {failure && failure.intent !== "save" && failure.intent !== "delete" && <FormAlert code={failure.code} />}
      {failure && failure.intent !== "save" && (
        <UnfitOrders unfit={unfitOf(actionData)} weightUnit={loaderData.weightUnit} />
      )}
      <p role="status" data-testid="run-state">
        {t(`optimize.runState.${plan.run_state}`)}
        {plan.progress && running && (
          <>
            {" "}
            ·{" "}
            {t("optimize.progress", {
              seconds: Math.round(plan.progress.elapsedMs / 1000),
              iterations: plan.progress.iteration,
              unassigned: plan.progress.unassigned,
            })}
          </>
        )}
        {running && (
          <>
            {" "}
            · <Link to={`/tms/optimize/edit/${plan.id}`}>{t("optimize.refresh")}</Link>
          </>
        )}
      </p>
      {editable && (
        <div className="form-actions">
          {button("run", plan.hasResult ? t("optimize.rerun") : t("optimize.run"), !plan.hasResult)}
          {plan.hasResult && plan.run_state === "done" && button("complete", t("optimize.complete"), true)}
        </div>
      )}
      {plan.hasResult && (
        <>
          <PlanMap
            config={loaderData.mapConfig}
            routes={trucks
              .filter((x) => x.route)
              .map((x) => ({
                vehicle_id: x.vehicle_id,
                label: label.get(x.vehicle_id) ?? "",
                geometry: x.route!.geometry,
              }))}
          />
          <PlanResult planId={plan.id} trucks={trucks} orders={orders} unassigned={unassigned} editable={editable} />
        </>
      )}
      <details open={!plan.hasResult || failure?.intent === "save"}>
        <summary>
          {t("optimize.chooseOrders")} / {t("optimize.chooseTrucks")}
        </summary>
        <PlanForm
          key={`${plan.id}-${plan.run_state}`}
          options={options}
          values={{ name: plan.name, day: plan.day, depot_id: plan.depot_id, trucks, orders: orders.map((o) => o.id) }}
          result={failure?.intent === "save" ? failure.reply : null}
          code={failure?.intent === "save" ? failure.code : null}
          unfit={failure?.intent === "save" ? unfitOf(actionData) : []}
          weightUnit={loaderData.weightUnit}
          submitLabel={t("optimize.save")}
          readOnly={!editable}
        />
      </details>
      {editable && (
        <DeleteConfirm
          confirming={loaderData.confirmDelete || Boolean(deleteCode)}
          label={t("optimize.delete")}
          question={t("optimize.confirmDelete", { name: plan.name })}
          code={deleteCode}
        />
      )}
    </section>
  );
}
