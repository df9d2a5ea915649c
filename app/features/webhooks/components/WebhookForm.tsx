import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { EVENT_TYPES } from "../../../../server/shared/event-types";
import { webhookInputSchema } from "../../../../server/modules/webhooks/webhooks.schema";
import { CsrfInput, Field, FieldErrors, FormAlert, SaveActions } from "../../../components/forms";
import { allErrorsOf, initialList, useRecordForm } from "../../../components/record-form";

export type WebhookFormValues = {
  url: string;
  description: string;
  events: string[];
  active: "on" | "";
};

/** The event type as a locale key (i18next paths split on dots). */
export const eventKey = (type: string) => `eventTypes.${type.replaceAll(".", "_")}`;

/** The webhook's form (add and change); events as checkboxes; works without JavaScript. */
export function WebhookForm(props: {
  result?: SubmissionResult<string[]> | null;
  code?: string | null;
  defaultValue?: WebhookFormValues;
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("webhooks");
  const { ref, form, fields, code } = useRecordForm({
    id: "webhook-form",
    schema: webhookInputSchema,
    result: props.result,
    defaultValue: props.defaultValue ?? { url: "", description: "", events: [], active: "on" },
    code: props.code,
  });
  const initial = (v: unknown) => (typeof v === "string" ? v : "");
  const chosen = new Set(initialList(fields.events));
  const eventErrors = allErrorsOf(fields.events);
  return (
    <Form
      data-unsaved-guard
      method="post"
      {...getFormProps(form)}
      ref={ref}
      className="stack"
      data-testid="webhook-form"
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormAlert code={code} fields={code === "VALIDATION" ? form.allErrors : null} />
      <fieldset className="form-section card">
        <Field label={t("url")} name="url" errors={fields.url.errors} hint={t("urlHint")} required>
          <input
            id="url"
            name="url"
            key={fields.url.key}
            type="text"
            inputMode="url"
            autoComplete="off"
            aria-invalid={fields.url.errors?.length ? true : undefined}
            aria-describedby={fields.url.errors?.length ? "url-error" : undefined}
            defaultValue={initial(fields.url.initialValue)}
          />
        </Field>
        <Field label={t("description")} name="description" errors={fields.description.errors}>
          <input
            id="description"
            name="description"
            key={fields.description.key}
            defaultValue={initial(fields.description.initialValue)}
          />
        </Field>
        <fieldset className="field" aria-describedby={eventErrors.length ? "events-error" : undefined}>
          <legend>
            {t("events")}
            <span className="required" aria-hidden="true">
              {" "}
              *
            </span>
          </legend>
          {EVENT_TYPES.map((type) => (
            <div className="field checkbox" key={type}>
              <label htmlFor={`event-${type}`}>
                <input
                  type="checkbox"
                  id={`event-${type}`}
                  name="events"
                  value={type}
                  key={`${fields.events.key}-${type}`}
                  defaultChecked={chosen.has(type)}
                />{" "}
                {t(eventKey(type))} <code className="muted">{type}</code>
              </label>
            </div>
          ))}
          <FieldErrors id="events-error" errors={eventErrors} />
        </fieldset>
        <div className="field checkbox">
          <label htmlFor="active">
            <input
              type="checkbox"
              id="active"
              name="active"
              key={fields.active.key}
              defaultChecked={fields.active.initialValue === "on"}
            />{" "}
            {t("active")}
          </label>
        </div>
      </fieldset>
      <SaveActions label={props.submitLabel} testId="webhook-save">
        {props.children}
      </SaveActions>
    </Form>
  );
}
