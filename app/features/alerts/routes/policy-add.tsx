import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PolicyForm } from "../components/policies/PolicyForm";
import { policyFormLoader, savePolicyAction } from "../policies.server";
import type { Route } from "./+types/policy-add";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return policyFormLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return savePolicyAction(context, request);
}

export default function AddPolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  return (
    <FormPage
      title={t("policies.newTitle")}
      back={{ to: "/alerts/policies", label: t("policies.back") }}
      actionData={actionData}
    >
      {(failure) => (
        <PolicyForm
          result={failure?.reply}
          code={failure?.code}
          defaultValue={loaderData.defaults}
          options={loaderData.options}
          submitLabel={t("policies.create")}
        >
          <Link to="/alerts/policies" className="button">
            {t("common:actions.cancel")}
          </Link>
        </PolicyForm>
      )}
    </FormPage>
  );
}
