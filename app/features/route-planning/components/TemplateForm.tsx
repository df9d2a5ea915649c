import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { Input, Select, Weekdays, type Errors, type Option, type Values } from "./fields";

/** A template's name, assignment and recurrence (its stops are edited on the template's page). */
export function TemplateForm(props: {
  values: Values;
  errors: Errors;
  code?: string | null;
  drivers: Option[];
  vehicles: Option[];
  readOnly?: boolean;
  submit: string;
}) {
  const { t } = useTranslation("routePlanning");
  const f = { values: props.values, errors: props.errors };
  return (
    <Form data-unsaved-guard method="post" noValidate className="stack card" data-testid="template-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormAlert code={props.code} fields={props.errors} />
      <fieldset disabled={props.readOnly} className="form-section">
        <div className="form-grid">
          <Input name="name" label={t("fields.name")} {...f} required />
          <Select
            name="driver_id"
            label={t("fields.driver")}
            {...f}
            options={props.drivers}
            empty={t("common.unassigned")}
          />
          <Select
            name="vehicle_id"
            label={t("fields.vehicle")}
            {...f}
            options={props.vehicles}
            empty={t("common.unassigned")}
          />
        </div>
        <Weekdays name="days" {...f} />
        <Input name="dates" label={t("fields.dates")} {...f} hint={t("hints.dates")} />
        <Input name="notes" label={t("fields.notes")} {...f} textarea />
      </fieldset>
      {!props.readOnly && (
        <div className="form-actions">
          <button type="submit" className="button primary" data-testid="template-submit">
            {props.submit}
          </button>
        </div>
      )}
    </Form>
  );
}
