import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { organizationInputSchema } from "../../../../server/modules/organization/organization.schema";
import { getOrganization, updateOrganization } from "../../../../server/modules/organization/organization.service";
import { shownValues, TextField } from "../components/SimpleField";
import { CsrfInput, FormAlert, useUnsavedChangesGuard } from "../../../components/forms";
import { failureFields, formFailure } from "../../../lib/form-failure";
import { formAction, intent } from "../../../lib/forms.server";
import { load, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/organization";
import { can } from "../../../lib/permissions";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

const FIELDS = [
  ["name", "text"], ["legal_name", "text"], ["business_number", "text"], ["fiscal_number", "text"],
  ["country", "text"], ["province", "text"], ["region", "text"], ["city", "text"],
  ["postal_code", "text"], ["address", "text"], ["phone", "tel"], ["email", "email"],
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "organization:read");
  const org = await load(() => getOrganization(context.app, p));
  const values = Object.fromEntries(FIELDS.map(([f]) => [f, org[f]]));
  return { values, canWrite: can(p, "organization:write") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const p = requirePermission(context, request, "organization:read");
  return formAction({ request, context }, {
    save: intent({
      schema: organizationInputSchema,
      run: async ({ value }) => {
        await updateOrganization(context.app, p, value);
        return { ok: true as const };
      },
    }),
  });
}

export default function Organization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("configuration");
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(formRef);
  const failure = formFailure(actionData);
  const fields = failureFields(failure);
  const values = shownValues(loaderData.values, failure);
  const readOnly = !loaderData.canWrite;
  return (
    <section>
      <header className="page-header">
        <h1>{t("organization.title")}</h1>
        <p className="muted">{readOnly ? t("organization.readOnly") : t("organization.intro")}</p>
      </header>
      {actionData?.ok === true && <div className="alert alert-ok" role="status">{t("common:saved")}</div>}
      <Form method="post" ref={formRef} noValidate className="card" data-testid="organization-form">
        <CsrfInput />
        <FormAlert code={failure?.code} fields={fields} />
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <div className="form-grid">
            {FIELDS.map(([name, type]) => (
              <TextField key={name} name={name} type={type} label={t(`organization.fields.${name}`)} values={values} errors={fields} required={name === "name"} />
            ))}
          </div>
        </fieldset>
        {!readOnly && (
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={navigation.state === "submitting"}>{t("common:actions.save")}</button>
          </div>
        )}
      </Form>
    </section>
  );
}
