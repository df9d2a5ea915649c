import { useTranslation } from "react-i18next";
import { InPlaceFormPage } from "../components/InPlaceForm";
import { TextField } from "../components/SimpleField";
import type { Route } from "./+types/organization";
import { organizationLoader, organizationAction } from "../configuration.server";
import { FIELDS } from "../organization-fields";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => organizationLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => organizationAction(request, context);

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
