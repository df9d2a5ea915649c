import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { teamInputSchema } from "../../../../../server/modules/teams/teams.schema";
import { CsrfInput, Field, FormAlert, SaveActions } from "../../../../components/forms";
import { useRecordForm } from "../../../../components/record-form";

export function TeamForm(props: {
  result?: SubmissionResult<string[]> | null;
  code?: string | null;
  defaultValue?: { name?: string; description?: string };
  readOnly?: boolean;
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("vehicles");
  const { ref, form, fields, code } = useRecordForm({
    id: "team-form",
    schema: teamInputSchema,
    result: props.result,
    defaultValue: props.defaultValue,
    code: props.code,
  });
  const describe = (name: string, errors?: string[]) => ({
    id: name,
    name,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": errors?.length ? `${name}-error` : undefined,
  });
  return (
    <Form data-unsaved-guard method="post" {...getFormProps(form)} ref={ref} className="stack" data-testid="team-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormAlert code={code} fields={code === "VALIDATION" ? form.allErrors : null} />
      <fieldset disabled={props.readOnly} className="form-section card">
        <Field label={t("teams.name")} name="name" errors={fields.name.errors} required>
          <input
            {...describe("name", fields.name.errors)}
            key={fields.name.key}
            defaultValue={(fields.name.initialValue as string | undefined) ?? ""}
          />
        </Field>
        <Field label={t("teams.description")} name="description" errors={fields.description.errors}>
          <textarea
            {...describe("description", fields.description.errors)}
            key={fields.description.key}
            rows={3}
            defaultValue={(fields.description.initialValue as string | undefined) ?? ""}
          />
        </Field>
      </fieldset>
      {!props.readOnly && <SaveActions label={props.submitLabel}>{props.children}</SaveActions>}
    </Form>
  );
}
