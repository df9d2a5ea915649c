import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { forwardingTargetInputSchema } from "../../../../server/modules/forwarding/forwarding.schema";
import { CsrfInput, Field, FormAlert, SaveActions } from "../../../components/forms";
import { useRecordForm } from "../../../components/record-form";

export type TargetFormValues = Record<"name" | "kind" | "url" | "topic" | "secret" | "active", string>;

/** The forwarding target's form (add and change); works without JavaScript. */
export function TargetForm(props: {
  result?: SubmissionResult<string[]> | null;
  code?: string | null;
  defaultValue?: TargetFormValues;
  /** a target being changed: an empty secret keeps the current one */
  existing?: boolean;
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("forwarding");
  const { ref, form, fields, code } = useRecordForm({
    id: "forwarding-form",
    schema: forwardingTargetInputSchema,
    result: props.result,
    defaultValue: props.defaultValue ?? { kind: "http", active: "true" },
    code: props.code,
  });
  const describe = (name: string, errors?: string[]) => ({
    id: name,
    name,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": errors?.length ? `${name}-error` : undefined,
  });
  const initial = (v: unknown) => (typeof v === "string" ? v : "");
  return (
    <Form
      data-unsaved-guard
      method="post"
      {...getFormProps(form)}
      ref={ref}
      className="stack"
      data-testid="forwarding-form"
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormAlert code={code} fields={code === "VALIDATION" ? form.allErrors : null} />
      <fieldset className="form-section card">
        <Field label={t("fields.name")} name="name" errors={fields.name.errors} required>
          <input
            {...describe("name", fields.name.errors)}
            key={fields.name.key}
            defaultValue={initial(fields.name.initialValue)}
          />
        </Field>
        <Field label={t("fields.kind")} name="kind" errors={fields.kind.errors} required>
          <select
            {...describe("kind", fields.kind.errors)}
            key={fields.kind.key}
            defaultValue={initial(fields.kind.initialValue) || "http"}
          >
            <option value="http">{t("kinds.http")}</option>
            <option value="mqtt">{t("kinds.mqtt")}</option>
          </select>
        </Field>
        <Field label={t("fields.url")} name="url" errors={fields.url.errors} hint={t("hints.url")} required>
          <input
            {...describe("url", fields.url.errors)}
            key={fields.url.key}
            type="text"
            inputMode="url"
            autoComplete="off"
            defaultValue={initial(fields.url.initialValue)}
          />
        </Field>
        <Field label={t("fields.topic")} name="topic" errors={fields.topic.errors} hint={t("hints.topic")}>
          <input
            {...describe("topic", fields.topic.errors)}
            key={fields.topic.key}
            defaultValue={initial(fields.topic.initialValue)}
          />
        </Field>
        <Field
          label={t("fields.secret")}
          name="secret"
          errors={fields.secret.errors}
          hint={t(props.existing ? "hints.secretKeep" : "hints.secretNew")}
        >
          <input
            {...describe("secret", fields.secret.errors)}
            key={fields.secret.key}
            autoComplete="off"
            defaultValue={initial(fields.secret.initialValue)}
          />
        </Field>
        <Field label={t("fields.active")} name="active" errors={fields.active.errors}>
          <select
            {...describe("active", fields.active.errors)}
            key={fields.active.key}
            defaultValue={initial(fields.active.initialValue) || "true"}
          >
            <option value="true">{t("active.true")}</option>
            <option value="false">{t("active.false")}</option>
          </select>
        </Field>
      </fieldset>
      <SaveActions label={props.submitLabel} testId="forwarding-save">
        {props.children}
      </SaveActions>
    </Form>
  );
}
