import { useTranslation } from "react-i18next";
import { organizationInputSchema } from "../../../../server/modules/organization/organization.schema";
import { getOrganization, updateOrganization } from "../../../../server/modules/organization/organization.service";
import { InPlaceFormPage } from "../components/InPlaceForm";
import { TextField } from "../components/SimpleField";
import { saveInPlace } from "../../../lib/forms.server";
import { load, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/organization";
import { can } from "../../../lib/permissions";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

const FIELDS = [
  ["name", "text"],
  ["legal_name", "text"],
  ["business_number", "text"],
  ["fiscal_number", "text"],
  ["country", "text"],
  ["province", "text"],
  ["region", "text"],
  ["city", "text"],
  ["postal_code", "text"],
  ["address", "text"],
  ["phone", "tel"],
  ["email", "email"],
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "organization:read");
  const org = await load(() => getOrganization(context.app, p));
  const values = Object.fromEntries(FIELDS.map(([f]) => [f, org[f]]));
  return { values, canWrite: can(p, "organization:write") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const p = requirePermission(context, request, "organization:read");
  return saveInPlace({ request, context }, organizationInputSchema, (value) =>
    updateOrganization(context.app, p, value),
  );
}

export default function Organization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("configuration");
  const readOnly = !loaderData.canWrite;
  return (
    <InPlaceFormPage
      title={t("organization.title")}
      note={<p className="muted">{readOnly ? t("organization.readOnly") : t("organization.intro")}</p>}
      saved={actionData?.ok === true}
      failure={actionData}
      values={loaderData.values}
      readOnly={readOnly}
      testId="organization-form"
      className="card"
    >
      {({ values, fields }) => (
        <div className="form-grid">
          {FIELDS.map(([name, type]) => (
            <TextField
              key={name}
              name={name}
              type={type}
              label={t(`organization.fields.${name}`)}
              values={values}
              errors={fields}
              required={name === "name"}
            />
          ))}
        </div>
      )}
    </InPlaceFormPage>
  );
}
