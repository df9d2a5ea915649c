import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { orderInputSchema } from "../../../../server/modules/tms/tms.schema";
import { CsrfInput, Field, FormAlert, inputProps, SaveActions } from "../../../components/forms";
import { DateField, TimeField } from "../../../components/dates";
import { useRecordForm } from "../../../components/record-form";

type Meta = FieldMetadata<unknown>;

interface Props {
  result?: SubmissionResult<string[]> | null;
  code?: string | null;
  defaultValue?: Record<string, unknown>;
  readOnly?: boolean;
  submitLabel: string;
  children?: ReactNode;
}

/** The transport order form (spec section 3 fields, plus the delivery place and window). Works without JavaScript. */
export function OrderForm(props: Props) {
  const { t } = useTranslation("tms");
  const { ref, form, fields, code } = useRecordForm({
    id: "order-form",
    schema: orderInputSchema,
    result: props.result,
    defaultValue: props.defaultValue,
    code: props.code,
  });
  const f = fields as unknown as Record<string, Meta>;
  const text = (name: string, opts: { required?: boolean; inputMode?: "decimal" | "numeric"; hint?: string } = {}) => (
    <Field
      label={t(`order.fields.${name}`)}
      name={name}
      errors={f[name].errors}
      required={opts.required}
      hint={opts.hint}
    >
      <input {...inputProps(f[name])} key={f[name].key} type="text" inputMode={opts.inputMode} autoComplete="off" />
    </Field>
  );
  const initial = (name: string) => (typeof f[name].initialValue === "string" ? (f[name].initialValue as string) : "");
  return (
    <Form data-unsaved-guard method="post" {...getFormProps(form)} ref={ref} className="stack" data-testid="order-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormAlert code={code} fields={code === "VALIDATION" ? form.allErrors : null} />
      <fieldset disabled={props.readOnly} className="form-section card">
        <legend>{t("order.sections.order")}</legend>
        <div className="form-grid">
          {text("order_id", { required: true })}
          {text("client_order_id")}
          {text("customer_code", { required: true })}
          {text("customer_name")}
          {text("region")}
          {text("business")}
          {text("sales_agent")}
          {text("packets", { inputMode: "numeric" })}
          {text("weight", { inputMode: "decimal", hint: t("order.hints.weight") })}
        </div>
      </fieldset>
      <fieldset disabled={props.readOnly} className="form-section card">
        <legend>{t("order.sections.delivery")}</legend>
        <div className="form-grid">
          <Field
            label={t("order.fields.delivery_date_at")}
            name="delivery_date_at"
            errors={f.delivery_date_at.errors}
            required
          >
            <DateField
              id="delivery_date_at"
              name="delivery_date_at"
              key={f.delivery_date_at.key}
              defaultValue={initial("delivery_date_at")}
              invalid={Boolean(f.delivery_date_at.errors?.length)}
            />
          </Field>
          <Field
            label={t("order.fields.window_start")}
            name="window_start"
            errors={f.window_start.errors}
            hint={t("order.hints.window")}
          >
            <TimeField
              id="window_start"
              name="window_start"
              key={f.window_start.key}
              defaultValue={initial("window_start")}
              invalid={Boolean(f.window_start.errors?.length)}
            />
          </Field>
          <Field label={t("order.fields.window_end")} name="window_end" errors={f.window_end.errors}>
            <TimeField
              id="window_end"
              name="window_end"
              key={f.window_end.key}
              defaultValue={initial("window_end")}
              invalid={Boolean(f.window_end.errors?.length)}
            />
          </Field>
          {text("address")}
          {text("latitude", { required: true, inputMode: "decimal" })}
          {text("longitude", { required: true, inputMode: "decimal" })}
        </div>
        <Field label={t("order.fields.notes")} name="notes" errors={f.notes.errors}>
          <textarea {...inputProps(f.notes)} key={f.notes.key} rows={3} />
        </Field>
      </fieldset>
      {!props.readOnly && (
        <SaveActions label={props.submitLabel} testId="order-submit">
          {props.children}
        </SaveActions>
      )}
    </Form>
  );
}
