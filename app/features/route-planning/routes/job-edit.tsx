import { useTranslation } from "react-i18next";
import { Form, useSearchParams } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { failureFields, failureValues, formFailure } from "../../../lib/form-failure";
import { JobForm } from "../components/JobForm";
import { StatusBadge } from "../components/fields";
import { jobEditAction, jobEditLoader } from "../route-planning.server";
import { JOBS_LIST_PATH } from "../paths";
import type { Route } from "./+types/job-edit";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return jobEditLoader(context, request, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return jobEditAction(context, request, params.id);
}

const at = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 16).replace("T", " ") + " UTC" : "—");

export default function JobEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  const [params] = useSearchParams();
  const failure = formFailure(actionData);
  const { job, canWrite, located } = loaderData;
  const saved = { ...job } as Record<string, unknown>;
  return (
    <FormPage
      title={
        <>
          {job.name} <StatusBadge status={job.status} />
        </>
      }
      back={{ to: JOBS_LIST_PATH, label: t("common.back"), className: "button" }}
    >
      {(params.has("saved") || params.has("created")) && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("common.saved")}
        </div>
      )}
      <div className="card stack" data-testid="job-actuals">
        <p data-testid="job-located">
          {t("fields.located_at")}: {job.address ?? located}{" "}
          {job.address && located && job.address !== located && <span className="muted">({located})</span>}
        </p>
        <p>
          {t("fields.arrived_at")}: {at(job.arrived_at)}{" "}
          {job.checkin_source &&
            `(${t(`source.${job.checkin_source}`)}${job.checkin_distance_m != null ? `, ${job.checkin_distance_m} m` : ""})`}
        </p>
        <p>
          {t("fields.departed_at")}: {at(job.departed_at)}{" "}
          {job.checkout_source && `(${t(`source.${job.checkout_source}`)})`}
        </p>
        {canWrite && (
          <Form method="post" className="form-actions">
            <CsrfInput />
            {job.status === "not_started" && (
              <button type="submit" name="intent" value="checkin" className="button" data-testid="manual-checkin">
                {t("jobs.checkin")}
              </button>
            )}
            {job.status === "started" && (
              <button type="submit" name="intent" value="checkout" className="button" data-testid="manual-checkout">
                {t("jobs.checkout")}
              </button>
            )}
            {job.status !== "not_started" && (
              <button type="submit" name="intent" value="reset" className="button">
                {t("jobs.reset")}
              </button>
            )}
            <button type="submit" name="intent" value="delete" className="button danger" data-testid="delete-job">
              {t("common.delete")}
            </button>
          </Form>
        )}
      </div>
      <JobForm
        mode="edit"
        values={failureValues(failure) ?? saved}
        errors={failureFields(failure)}
        code={failure?.code}
        readOnly={!canWrite}
        {...loaderData}
      />
    </FormPage>
  );
}
