import { useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSubmit } from "react-router";
import { FormAlert, useCsrfToken } from "../../../components/forms";
import { RecordTable } from "../../../components/RecordTable";
import { formatInstantTime } from "../../../lib/dates";
import { formFailure } from "../../../lib/form-failure";
import { assignAction } from "../route-planning.server";
import { dispatchLoader } from "../dispatch.server";
import { inPlannedOrder } from "../planned-order";
import { AssignForm, DayPageHeader, LiveEtaCell } from "../components/fields";
import type { Route } from "./+types/scheduler";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return dispatchLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return assignAction(context, request, `/route-planning/routing-dispatch/scheduler${new URL(request.url).search}`);
}

const START = 6 * 60;
const SPAN = 16 * 60;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const pct = (m: number) => `${Math.max(0, Math.min(100, ((m - START) / SPAN) * 100))}%`;
const width = (a: number, b: number) =>
  `${Math.max(0.6, ((Math.min(b, START + SPAN) - Math.max(a, START)) / SPAN) * 100)}%`;

/** "HH:mm" of an instant on the organisation's wall clock (the loader's time zone). */
const localTime = (iso: string | Date | null, tz: string): string | null => (iso ? formatInstantTime(iso, tz) : null);

/** The organisation's wall clock of an instant, in minutes of the day. */
function localMinutes(iso: string | Date | null, tz: string): number | null {
  const hhmm = localTime(iso, tz);
  return hhmm === null ? null : minutes(hhmm);
}

export default function Scheduler({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  const { vehicles, canWrite, day, timezone } = loaderData;
  const jobs = inPlannedOrder(loaderData.jobs, vehicles);
  const submit = useSubmit();
  const csrf = useCsrfToken();
  const [over, setOver] = useState<string | null>(null);
  const failure = formFailure(actionData);
  const lanes = [
    ...vehicles.map((v) => ({ id: v.id as string | null, label: v.registration })),
    { id: null, label: t("scheduler.unassigned") },
  ];
  const onDrop = (vehicleId: string | null) => (e: DragEvent) => {
    e.preventDefault();
    setOver(null);
    const jobId = e.dataTransfer.getData("text/job");
    if (jobId) void submit({ _csrf: csrf, job_id: jobId, vehicle_id: vehicleId ?? "" }, { method: "post" });
  };
  return (
    <section className="stack">
      <DayPageHeader title={t("scheduler.title")} day={day} />
      <p className="muted">{t("scheduler.hint")}</p>
      <p className="muted">{t("liveEta.hint")}</p>
      <FormAlert code={failure?.code} />
      <div className="scheduler" data-testid="scheduler">
        {lanes.map((lane) => {
          const laneJobs = jobs.filter((j) => (j.vehicle_id ?? null) === lane.id);
          if (!laneJobs.length && lane.id && !canWrite) return null;
          return (
            <div
              key={lane.id ?? "none"}
              className={`lane${over === (lane.id ?? "none") ? " over" : ""}`}
              data-lane={lane.id ?? "none"}
              onDragOver={
                canWrite
                  ? (e) => {
                      e.preventDefault();
                      setOver(lane.id ?? "none");
                    }
                  : undefined
              }
              onDrop={canWrite ? onDrop(lane.id) : undefined}
            >
              <div className="lane-label">{lane.label}</div>
              <div className="lane-track">
                {laneJobs.map((j) => {
                  const a = minutes(j.scheduled_arrival);
                  const b = minutes(j.scheduled_departure);
                  const ia = localMinutes(j.arrived_at as unknown as string, timezone);
                  const ib = localMinutes(j.departed_at as unknown as string, timezone) ?? (ia != null ? ia + 5 : null);
                  const eta = j.planned_arrival ? minutes(j.planned_arrival) : null;
                  const live = j.live.time ? minutes(j.live.time) : null;
                  return (
                    <div key={j.id} className="slot">
                      <div
                        className={`bar planned ${j.punctuality}`}
                        style={{ left: pct(a), width: width(a, b) }}
                        draggable={canWrite}
                        onDragStart={(e) => e.dataTransfer.setData("text/job", j.id)}
                        title={`${j.name} ${j.scheduled_arrival.slice(0, 5)}–${j.scheduled_departure.slice(0, 5)}`}
                        data-job={j.id}
                        data-punctuality={j.punctuality}
                      >
                        {j.planned_sequence != null && `${j.planned_sequence}. `}
                        {j.name}
                      </div>
                      {eta != null && (
                        <div
                          className="bar eta"
                          style={{ left: pct(eta) }}
                          title={`${t("fields.planned_eta")} ${j.planned_arrival!.slice(0, 5)}`}
                          data-eta={j.id}
                        />
                      )}
                      {live != null && (
                        <div
                          className="bar live"
                          style={{ left: pct(live) }}
                          title={`${t("fields.live_eta")} ${j.live.time}${j.live.predictedLate ? ` — ${t("liveEta.predictedLate")}` : ""}`}
                          data-live={j.id}
                        />
                      )}
                      {ia != null && ib != null && (
                        <div
                          className="bar actual"
                          style={{ left: pct(ia), width: width(ia, ib) }}
                          title={t("scheduler.actual")}
                        />
                      )}
                    </div>
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
      <RecordTable
        testId="scheduler-plan"
        caption={t("scheduler.plan")}
        rows={jobs}
        rowKey={(j) => j.id}
        rowProps={(j) => ({
          "data-job": j.id,
          "data-sequence": j.planned_sequence == null ? undefined : String(j.planned_sequence),
          "data-predicted-late": j.live.predictedLate ? "true" : undefined,
          className:
            j.punctuality === "late" || j.punctuality === "missed"
              ? "late"
              : j.live.predictedLate
                ? "predicted-late"
                : undefined,
        })}
        columns={[
          { header: t("fields.vehicle"), cell: (j) => j.vehicle_registration ?? t("common.unassigned") },
          { header: t("fields.planned_sequence"), cell: (j) => j.planned_sequence ?? "—" },
          { header: t("fields.name"), cell: (j) => j.name },
          {
            header: t("fields.planned_eta"),
            cell: (j) => j.planned_arrival?.slice(0, 5) ?? t("scheduler.notPlanned"),
            cellProps: () => ({ "data-testid": "planned-eta" }),
          },
          {
            header: t("fields.live_eta"),
            cell: (j) => <LiveEtaCell live={j.live} grace={loaderData.graceMin} maxAge={loaderData.liveEtaMaxAgeMin} />,
            cellProps: () => ({ "data-testid": "live-eta" }),
          },
          {
            header: t("fields.window"),
            cell: (j) => `${j.scheduled_arrival.slice(0, 5)}–${j.scheduled_departure.slice(0, 5)}`,
          },
          {
            header: t("fields.arrived_at"),
            cell: (j) => localTime(j.arrived_at as unknown as string, timezone) ?? "—",
          },
          {
            header: t("fields.departed_at"),
            cell: (j) => localTime(j.departed_at as unknown as string, timezone) ?? "—",
          },
        ]}
        empty={t("dispatch.noJobs")}
      />
      {canWrite && (
        <details className="card">
          <summary>{t("scheduler.reassign")}</summary>
          <table className="table">
            <tbody>
              {jobs
                .filter((j) => j.status !== "finished")
                .map((j) => (
                  <tr key={j.id}>
                    <td>
                      {j.scheduled_arrival.slice(0, 5)} {j.name}
                    </td>
                    <td>
                      <AssignForm job={j} vehicles={vehicles} label={t("scheduler.reassign")} />
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}
