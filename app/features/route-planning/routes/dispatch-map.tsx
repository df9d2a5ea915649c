import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { DispatchMap } from "../components/DispatchMap";
import { AssignForm, DayPageHeader, LiveEtaCell, PunctualityBadge, StatusBadge } from "../components/fields";
import { dispatchAction, dispatchLoader } from "../dispatch.server";
import { inPlannedOrder, plannedRoutes } from "../planned-order";
import type { Route } from "./+types/dispatch-map";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return dispatchLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return dispatchAction(context, request);
}

const km = (m: number) => (m / 1000).toFixed(1);

export default function DispatchMapPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  const { vehicles, canWrite, optimization, day } = loaderData;
  const jobs = inPlannedOrder(loaderData.jobs, vehicles);
  const [picked, setPicked] = useState<string | null>(null);
  const failure = formFailure(actionData);
  const proposal = optimization?.proposal ?? null;
  const registration = new Map(vehicles.map((v) => [v.id, v.registration]));
  const byId = new Map(jobs.map((j) => [j.id, j]));
  // a proposal waiting for the decision draws its routes; otherwise the accepted routes through the jobs in planned order
  const routes =
    proposal && optimization?.status === "draft"
      ? proposal.routes.map((r) => ({
          vehicle: registration.get(r.vehicleId) ?? r.vehicleId,
          coordinates: r.coordinates,
        }))
      : plannedRoutes(jobs, registration);
  return (
    <section className="stack">
      <DayPageHeader title={t("dispatch.title")} day={day} />
      <FormAlert code={failure?.code} />
      <DispatchMap
        config={loaderData.mapConfig}
        expose={loaderData.exposeMap}
        onPick={setPicked}
        jobs={jobs.map((j) => ({
          id: j.id,
          name: j.name,
          latitude: j.latitude,
          longitude: j.longitude,
          status: j.status,
          punctuality: j.punctuality,
          vehicle: j.vehicle_registration,
        }))}
        vehicles={vehicles}
        routes={routes}
      />
      {canWrite && (
        <div className="card stack" data-testid="optimize-panel">
          <p className="muted">{t("dispatch.optimizeHint")}</p>
          {optimization?.status === "running" && (
            <p role="status" data-testid="optimize-progress">
              <progress />{" "}
              {t("dispatch.running", {
                elapsed: Math.round(Number(optimization.progress.elapsedMs ?? 0) / 1000),
                unassigned: Number(optimization.progress.unassigned ?? 0),
              })}{" "}
              <Link to={`?day=${day}`} className="button small">
                {t("dispatch.refresh")}
              </Link>
            </p>
          )}
          {optimization?.status === "failed" && <p className="alert alert-error">{t("dispatch.failed")}</p>}
          {proposal && optimization?.status === "draft" && (
            <div data-testid="optimize-proposal">
              <h2>{t("dispatch.proposal")}</h2>
              <p>
                {t("dispatch.saved", {
                  distance: km(proposal.distance),
                  before: km(proposal.current.distance),
                  saving: km(proposal.current.distance - proposal.distance),
                })}
              </p>
              <ul>
                {proposal.routes.map((r) => (
                  <li key={r.vehicleId}>
                    {registration.get(r.vehicleId)}: {t("dispatch.stops", { count: r.jobIds.length })}, {km(r.distance)}{" "}
                    km
                  </li>
                ))}
                {proposal.unassigned.map((u) => (
                  <li key={u.id}>
                    {byId.get(u.id)?.name ?? u.id}: {t("dispatch.unassignedReason", { reason: u.reason })}
                  </li>
                ))}
              </ul>
              <Form method="post" className="form-actions">
                <CsrfInput />
                <input type="hidden" name="optimization_id" value={optimization.id} />
                <button
                  type="submit"
                  name="intent"
                  value="accept"
                  className="button primary"
                  data-testid="optimize-accept"
                >
                  {t("dispatch.accept")}
                </button>
                <button type="submit" name="intent" value="discard" className="button">
                  {t("dispatch.discard")}
                </button>
              </Form>
            </div>
          )}
          {optimization?.status !== "running" && (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="day" value={day} />
              <button type="submit" name="intent" value="optimize" className="button" data-testid="optimize-start">
                {t("dispatch.optimize")}
              </button>
            </Form>
          )}
        </div>
      )}
      <p className="muted">{t("liveEta.hint")}</p>
      <table className="table" data-testid="dispatch-jobs">
        <thead>
          <tr>
            <th>{t("fields.vehicle")}</th>
            <th>{t("fields.planned_sequence")}</th>
            <th>{t("fields.planned_eta")}</th>
            <th>{t("fields.live_eta")}</th>
            <th>{t("fields.window")}</th>
            <th>{t("fields.name")}</th>
            <th>{t("fields.status")}</th>
            <th>{t("fields.punctuality")}</th>
            {canWrite && <th>{t("dispatch.assign")}</th>}
          </tr>
        </thead>
        <tbody>
          {jobs.map((j) => (
            <tr
              key={j.id}
              data-job={j.id}
              data-punctuality={j.punctuality}
              data-sequence={j.planned_sequence ?? undefined}
              data-predicted-late={j.live.predictedLate || undefined}
              className={`${j.punctuality === "late" || j.punctuality === "missed" ? "late" : j.live.predictedLate ? "predicted-late" : ""}${picked === j.id ? " picked" : ""}`}
            >
              <td>{j.vehicle_registration ?? t("common.unassigned")}</td>
              <td>{j.planned_sequence ?? "—"}</td>
              <td data-testid="planned-eta">{j.planned_arrival?.slice(0, 5) ?? "—"}</td>
              <td data-testid="live-eta">
                <LiveEtaCell live={j.live} grace={loaderData.graceMin} maxAge={loaderData.liveEtaMaxAgeMin} />
              </td>
              <td>
                {j.scheduled_arrival.slice(0, 5)}–{j.scheduled_departure.slice(0, 5)}
              </td>
              <td>{j.name}</td>
              <td>
                <StatusBadge status={j.status} />
              </td>
              <td>{j.status !== "finished" && <PunctualityBadge value={j.punctuality} />}</td>
              {canWrite && (
                <td>
                  {j.status !== "finished" && (
                    <AssignForm job={j} vehicles={vehicles} label={t("dispatch.assign")} testId="assign-submit" />
                  )}
                </td>
              )}
            </tr>
          ))}
          {!jobs.length && (
            <tr>
              <td colSpan={9} className="muted">
                {t("dispatch.noJobs")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
