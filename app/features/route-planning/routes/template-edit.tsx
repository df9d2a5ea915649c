import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FormAlert } from "../../../components/forms";
import { failureFields, failureValues, formFailure } from "../../../lib/form-failure";
import { DateInput, Input, IntentForm, Select, TimeInput } from "../components/fields";
import { TemplateForm } from "../components/TemplateForm";
import { templateEditAction, templateEditLoader } from "../route-planning.server";
import { TEMPLATES_LIST_PATH } from "../paths";
import type { Route } from "./+types/template-edit";
import { FormPage } from "../../../components/FormPage";
import { RecordTable } from "../../../components/RecordTable";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return templateEditLoader(context, request, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return templateEditAction(context, request, params.id);
}

export default function TemplateEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  const [params] = useSearchParams();
  const { template, canWrite } = loaderData;
  const saveFailure = formFailure(actionData, "save");
  const stopFailure = formFailure(actionData, "addStop");
  const genFailure = formFailure(actionData, "generate");
  const other = formFailure(actionData);
  const stopValues = failureValues(stopFailure) ?? {};
  const stopErrors = failureFields(stopFailure);
  return (
    <FormPage
      className="stack"
      title={template.name}
      back={{ to: TEMPLATES_LIST_PATH, label: t("common.back"), className: "button" }}
    >
      {(params.has("saved") || params.has("created")) && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("common.saved")}
        </div>
      )}
      {other && !saveFailure && !stopFailure && !genFailure && <FormAlert code={other.code} />}
      <TemplateForm
        values={failureValues(saveFailure) ?? (template as unknown as Record<string, unknown>)}
        errors={failureFields(saveFailure)}
        code={saveFailure?.code}
        drivers={loaderData.drivers}
        vehicles={loaderData.vehicles}
        readOnly={!canWrite}
        submit={t("common.save")}
      />
      <section className="card stack">
        <h2>{t("templates.stops")}</h2>
        <RecordTable
          testId="stops-table"
          rows={template.stops}
          rowKey={(s) => s.id}
          columns={[
            { header: t("fields.window"), cell: (s) => `${s.arrival.slice(0, 5)}–${s.departure.slice(0, 5)}` },
            { header: t("fields.name"), cell: (s) => s.name },
            {
              header: t("fields.address"),
              cell: (s) => s.address ?? s.located_at,
              cellProps: (s) => ({ title: `${s.latitude.toFixed(5)}, ${s.longitude.toFixed(5)}` }),
            },
            { header: t("fields.contact_name"), cell: (s) => s.contact_name },
          ]}
          actions={
            canWrite && {
              header: t("common:list.actions"),
              render: (s) => [
                { kind: "delete", fields: { intent: "deleteStop", stop_id: s.id }, label: t("common.delete") },
              ],
            }
          }
          empty={t("templates.noStops")}
        />
        {canWrite && (
          <IntentForm intent="addStop" className="stack" testId="stop-form">
            <h3>{t("templates.addStop")}</h3>
            <FormAlert code={stopFailure?.code} fields={stopErrors} />
            <div className="form-grid">
              <Input name="name" label={t("fields.name")} values={stopValues} errors={stopErrors} required />
              <Select
                name="place_id"
                label={t("fields.place")}
                values={stopValues}
                errors={stopErrors}
                options={loaderData.places}
                empty={t("common.none")}
              />
              <Input name="address" label={t("fields.address")} values={stopValues} errors={stopErrors} />
              <Input
                name="latitude"
                label={t("fields.latitude")}
                values={stopValues}
                errors={stopErrors}
                inputMode="decimal"
              />
              <Input
                name="longitude"
                label={t("fields.longitude")}
                values={stopValues}
                errors={stopErrors}
                inputMode="decimal"
              />
              <TimeInput
                name="arrival"
                label={t("fields.scheduled_arrival")}
                values={stopValues}
                errors={stopErrors}
                required
              />
              <TimeInput
                name="departure"
                label={t("fields.scheduled_departure")}
                values={stopValues}
                errors={stopErrors}
                required
              />
              <Input name="contact_name" label={t("fields.contact_name")} values={stopValues} errors={stopErrors} />
              <Input name="contact_phone" label={t("fields.contact_phone")} values={stopValues} errors={stopErrors} />
            </div>
            <Input name="notes" label={t("fields.notes")} values={stopValues} errors={stopErrors} textarea />
            <div className="form-actions">
              <button type="submit" className="button" data-testid="stop-submit">
                {t("templates.addStop")}
              </button>
            </div>
          </IntentForm>
        )}
      </section>
      {canWrite && (
        <IntentForm intent="generate" className="card stack" testId="generate-form">
          <h2>{t("templates.generate")}</h2>
          <p className="muted">{t("templates.generateHint")}</p>
          <FormAlert code={genFailure?.code} fields={failureFields(genFailure)} />
          <div className="form-grid">
            <DateInput
              name="from"
              label={t("filter.from")}
              values={failureValues(genFailure) ?? {}}
              errors={failureFields(genFailure)}
              required
            />
            <DateInput
              name="to"
              label={t("filter.to")}
              values={failureValues(genFailure) ?? {}}
              errors={failureFields(genFailure)}
              required
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="button primary" data-testid="generate-submit">
              {t("templates.generate")}
            </button>
            <button type="submit" name="intent" value="delete" className="button danger">
              {t("common.delete")}
            </button>
          </div>
        </IntentForm>
      )}
    </FormPage>
  );
}
