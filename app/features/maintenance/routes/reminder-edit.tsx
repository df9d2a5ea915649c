import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { CompleteForm, DueText, ReminderForm, StatusBadge } from "../components/ReminderPages";
import { useNumber } from "../components/fields";
import { reminderEditAction, reminderEditLoader } from "../maintenance.server";
import type { Route } from "./+types/reminder-edit";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return reminderEditLoader(context, request, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return reminderEditAction(context, request, params.id);
}

export default function ReminderEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("maintenance");
  const n = useNumber();
  const r = loaderData.reminder;
  const saved = {
    name: r.name,
    kind: r.kind,
    vehicle_ids: r.vehicle_id,
    responsible_user_id: r.responsible_user_id ?? "",
    interval_days: r.interval_days ?? "",
    interval_km: r.interval_km ?? "",
    before_days: r.before_days,
    before_km: r.before_km,
    base_date: r.base_date,
    base_odometer_km: r.base_odometer_km?.toFixed(1) ?? "",
    interval_hours: r.interval_hours ?? "",
    before_hours: r.before_hours,
    base_engine_hours: r.base_engine_hours?.toFixed(1) ?? "",
    repeat: r.repeat,
    active: r.active,
    notes: r.notes ?? "",
  };
  return (
    <FormPage
      title={
        <>
          {r.name} · {r.registration}
        </>
      }
    >
      {loaderData.flash && (
        <div className="alert alert-success" role="status">
          {t(`flash.${loaderData.flash}`)}
        </div>
      )}
      <p data-testid="reminder-summary">
        <StatusBadge status={r.status} /> <DueText r={r} /> · {t("fields.odometer")}: {n(r.odometer_km)} km
        {r.engine_hours !== null && (
          <>
            {" "}
            · {t("fields.engine_hours")}: {n(r.engine_hours, 1)} h
          </>
        )}
      </p>
      <ReminderForm
        many={false}
        saved={saved}
        actionData={actionData}
        options={loaderData.options}
        readOnly={!loaderData.canWrite}
      />
      {loaderData.canWrite && r.status !== "done" && (
        <CompleteForm
          actionData={actionData}
          options={loaderData.options}
          today={loaderData.today}
          odometer={r.odometer_km}
          engineHours={r.engine_hours}
        />
      )}
      {loaderData.canWrite && (
        <Form method="post" className="form-actions">
          <CsrfInput />
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="button danger" data-testid="reminder-delete">
            {t("common:actions.delete")}
          </button>
        </Form>
      )}
    </FormPage>
  );
}
