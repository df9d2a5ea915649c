import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formFailure } from "../../../lib/form-failure";
import { organizationAction, organizationLoader } from "../admin.server";
import { OrganizationActions } from "../components/OrganizationActions";
import { OrganizationFacts } from "../components/OrganizationFacts";
import type { Route } from "./+types/organization";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return organizationLoader(request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return organizationAction(request, context, params.id);
}

export default function OrganizationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { tenant, notice, confirmDelete } = loaderData;
  return (
    <section>
      <header className="page-header">
        <h1 data-testid="organization-name">{tenant.name}</h1>
        <Link to="/administration/organizations">{t("organizations.backToList")}</Link>
      </header>
      {notice && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(`notices.${notice}`)}
        </div>
      )}
      <OrganizationFacts tenant={tenant} />
      <OrganizationActions tenant={tenant} failure={formFailure(actionData)} confirmDelete={confirmDelete} />
    </section>
  );
}
