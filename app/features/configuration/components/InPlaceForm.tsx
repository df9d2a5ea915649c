import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { FormPage } from "../../../components/FormPage";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { Notice } from "../../../components/ListPage";
import { failureFields, formFailure } from "../../../lib/form-failure";
import { shownValues } from "./SimpleField";

type Values = Record<string, unknown>;

/**
 * A FormPage that edits one record in place (organisation, settings): heading, saved notice, the form with its error
 * banner, fields disabled when read-only, and save. `children` draws the fields from the shown values and errors.
 */
export function InPlaceFormPage(props: {
  title: string;
  note?: ReactNode;
  saved: boolean;
  failure: unknown;
  values: Values;
  readOnly: boolean;
  testId: string;
  className?: string;
  children: (shown: { values: Values; fields: Record<string, string[]> }) => ReactNode;
}) {
  const { t } = useTranslation("configuration");
  const navigation = useNavigation();
  const failure = formFailure(props.failure);
  const fields = failureFields(failure);
  const values = shownValues(props.values, failure);
  const { readOnly } = props;
  return (
    <FormPage title={props.title} actions={props.note} notice={props.saved && <Notice>{t("common:saved")}</Notice>}>
      <Form data-unsaved-guard method="post" noValidate className={props.className} data-testid={props.testId}>
        <CsrfInput />
        <FormAlert code={failure?.code} fields={fields} />
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          {props.children({ values, fields })}
        </fieldset>
        {!readOnly && (
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={navigation.state === "submitting"}>
              {t("common:actions.save")}
            </button>
          </div>
        )}
      </Form>
    </FormPage>
  );
}
