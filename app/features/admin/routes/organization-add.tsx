import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formFailure } from "../../../lib/form-failure";
import { addOrganizationAction, addOrganizationLoader } from "../admin.server";
import { NewOrganizationForm } from "../components/NewOrganizationForm";
import type { Route } from "./+types/organization-add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return addOrganizationLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return addOrganizationAction(request, context);
}

export default function AddOrganization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <section>
      <header className="page-header">
        <h1>{t("add.title")}</h1>
        <Link to="/administration/organizations">{t("common:actions.back")}</Link>
      </header>
      <NewOrganizationForm saved={loaderData.values} failure={formFailure(actionData)} />
    </section>
  );
}
