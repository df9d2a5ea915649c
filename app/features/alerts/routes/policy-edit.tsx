import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PolicyForm } from "../components/policies/PolicyForm";
import { policyFormLoader, savePolicyAction } from "../policies.server";
import type { Route } from "./+types/policy-edit";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return policyFormLoader(context, request, params.id ?? "");
}

export function action({ request, context, params }: Route.ActionArgs) {
  return savePolicyAction(context, request, params.id ?? "");
}

export default function EditPolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const policy = loaderData.policy!;
  const view = `/alerts/policies/policy/${policy.id}`;
  return (
    <FormPage
      title={t("policies.editTitle", { name: policy.name })}
      back={{ to: view, label: t("policies.backToPolicy") }}
      actionData={actionData}
    >
      {(failure) => (
        <PolicyForm
          key={policy.version}
          result={failure?.reply}
          code={failure?.code}
          defaultValue={loaderData.defaults}
          options={loaderData.options}
          submitLabel={t("common:actions.save")}
        >
          <Link to={view} className="button">
            {t("common:actions.cancel")}
          </Link>
        </PolicyForm>
      )}
    </FormPage>
  );
}
