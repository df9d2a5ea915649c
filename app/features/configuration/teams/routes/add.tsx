import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formFailure } from "../../../../lib/form-failure";
import { addTeamAction } from "../teams.server";
import { TeamForm } from "../components/TeamForm";
import { requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "teams:write");
  return null;
}

export function action(args: Route.ActionArgs) {
  return addTeamAction(args);
}

export default function AddTeam({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  const failure = formFailure(actionData);
  return (
    <section>
      <header className="page-header">
        <h1>{t("teams.newTitle")}</h1>
        <Link to="/configuration/vehicles/teams">{t("teams.back")}</Link>
      </header>
      <TeamForm result={failure?.reply} code={failure?.code} submitLabel={t("teams.create")}>
        <Link to="/configuration/vehicles/teams" className="button">
          {t("common:actions.cancel")}
        </Link>
      </TeamForm>
    </section>
  );
}
