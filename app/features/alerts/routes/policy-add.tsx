import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formFailure } from "../../../lib/form-failure";
import { PolicyForm } from "../components/policies/PolicyForm";
import { policyFormLoader, savePolicyAction } from "../policies.server";
import type { Route } from "./+types/policy-add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return policyFormLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return savePolicyAction(context, request);
}

export default function AddPolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const failure = formFailure(actionData);
  return (
    <section>
      <header className="page-header">
        <h1>{t("policies.newTitle")}</h1>
        <Link to="/alerts/policies">{t("policies.back")}</Link>
      </header>
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
    </section>
  );
}
