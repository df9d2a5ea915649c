import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formFailure } from "../../../lib/form-failure";
import { PolicyForm } from "../components/policies/PolicyForm";
import { policyFormLoader, savePolicyAction } from "../policies.server";
import type { Route } from "./+types/policy-edit";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return policyFormLoader(context, request, params.id ?? "");
}

export function action({ request, context, params }: Route.ActionArgs) {
  return savePolicyAction(context, request, params.id ?? "");
}

export default function EditPolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const failure = formFailure(actionData);
  const policy = loaderData.policy!;
  const view = `/alerts/policies/policy/${policy.id}`;
  return (
    <section>
      <header className="page-header">
        <h1>{t("policies.editTitle", { name: policy.name })}</h1>
        <Link to={view}>{t("policies.backToPolicy")}</Link>
      </header>
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
    </section>
  );
}
