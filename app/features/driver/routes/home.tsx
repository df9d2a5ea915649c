import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigate, useRouteLoaderData } from "react-router";
import type { Platform } from "../../../lib/platform";
import { ActionForm, currentPosition } from "../components/ActionForm";
import { useDriverQueue } from "../components/DriverQueue";
import { JobCard, OrderCard } from "../components/JobCard";
import { PushToggle } from "../components/PushToggle";
import { StopsMap } from "../components/StopsMap";
import { WorkingDay } from "../components/WorkingDay";
import { driverHomeLoader, requireDriverApp } from "../driver.server";
import { driverFormAction } from "../driver-actions.server";
import { readForm } from "../../../lib/route-kit.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];
export const loader = ({ request, context }: Route.LoaderArgs) => driverHomeLoader(context, request);

/** The plain forms' action (no JavaScript): the same actions as the queue's endpoint, answered on the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const p = requireDriverApp(context, request);
  return driverFormAction(context, request, p, await readForm(request, context));
}

function NearbyJobs({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation("driver");
  const { ready } = useDriverQueue();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  if (!data.rules.selfAssign) return null;
  return (
    <section className="driver-section" data-testid="nearby">
      <h2>{t("nearby.title")}</h2>
      <p className="muted">{t("nearby.hint", { radius: data.rules.selfAssignRadius })}</p>
      <Form
        method="get"
        onSubmit={async (e) => {
          if (!ready) return;
          e.preventDefault();
          const pos = await currentPosition();
          if (!pos) return setProblem(t("position.unavailable"));
          setProblem(null);
          void navigate(`/driver?latitude=${pos.latitude}&longitude=${pos.longitude}#nearby`);
        }}
      >
        {!ready && (
          <fieldset className="driver-position">
            <legend>{t("position.legend")}</legend>
            <label>
              {t("position.latitude")}
              <input name="latitude" inputMode="decimal" required defaultValue={data.position?.latitude} />
            </label>
            <label>
              {t("position.longitude")}
              <input name="longitude" inputMode="decimal" required defaultValue={data.position?.longitude} />
            </label>
          </fieldset>
        )}
        <button type="submit" className="driver-button">
          {t("nearby.find")}
        </button>
      </Form>
      {problem && <p className="driver-error">{problem}</p>}
      {data.nearby && (
        <ul className="driver-list" id="nearby">
          {data.nearby.code && <li className="driver-error">{t(`errors:${data.nearby.code}`)}</li>}
          {!data.nearby.code && !data.nearby.jobs.length && <li className="muted">{t("nearby.empty")}</li>}
          {data.nearby.jobs.map((j) => (
            <li key={j.id} className="driver-card" data-testid="nearby-job">
              <h3>{j.name}</h3>
              {j.address && <p className="driver-address">{j.address}</p>}
              <p className="driver-times">
                <span>{t("jobs.window", { from: j.scheduled_arrival, to: j.scheduled_departure })}</span>
                {j.distance_m !== undefined && <span>{t("nearby.distance", { distance: j.distance_m })}</span>}
              </p>
              <ActionForm action="assign" jobId={j.id} position="required" label={t("nearby.take")} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function DriverHome({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("driver");
  const platform = (useRouteLoaderData("root") as { platform?: Platform } | undefined)?.platform ?? "unknown";
  const stops = loaderData.jobs.map((j, i) => ({
    id: j.id,
    label: String(j.planned_sequence ?? i + 1),
    latitude: j.latitude,
    longitude: j.longitude,
    done: j.status === "finished",
  }));
  return (
    <>
      {actionData?.result && (
        <p
          className={`driver-banner ${actionData.result.status === "applied" ? "ok" : "error"}`}
          role={actionData.result.status === "applied" ? "status" : "alert"}
          data-testid={`result-${actionData.result.status}`}
        >
          {actionData.result.message}
        </p>
      )}
      <WorkingDay day={loaderData.workingDay} />
      <section className="driver-section">
        <h2>{t("jobs.title")}</h2>
        <p className="muted">{t("jobs.radius", { radius: loaderData.rules.checkinRadius })}</p>
        {loaderData.jobs.length ? (
          <ol className="driver-list" data-testid="driver-jobs">
            {loaderData.jobs.map((job, i) => (
              <JobCard key={job.id} job={job} index={i} platform={platform} />
            ))}
          </ol>
        ) : (
          <p className="muted" data-testid="no-jobs">
            {t("jobs.empty")}
          </p>
        )}
      </section>
      {loaderData.orders.length > 0 && (
        <section className="driver-section">
          <h2>{t("orders.title")}</h2>
          <ol className="driver-list">
            {loaderData.orders.map((o) => (
              <OrderCard key={o.id} order={o} platform={platform} />
            ))}
          </ol>
        </section>
      )}
      <section className="driver-section">
        <h2>{t("map.title")}</h2>
        <StopsMap stops={stops} />
      </section>
      <NearbyJobs data={loaderData} />
      <PushToggle />
    </>
  );
}
