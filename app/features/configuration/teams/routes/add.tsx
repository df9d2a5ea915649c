import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { addTeamAction } from "../teams.server";
import { TeamForm } from "../components/TeamForm";
import { requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/add";
import { FormPage } from "../../../../components/FormPage";

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
  return (
    <FormPage
      title={t("teams.newTitle")}
      back={{ to: "/configuration/vehicles/teams", label: t("teams.back") }}
      actionData={actionData}
    >
      {(failure) => (
        <TeamForm result={failure?.reply} code={failure?.code} submitLabel={t("teams.create")}>
          <Link to="/configuration/vehicles/teams" className="button">
            {t("common:actions.cancel")}
          </Link>
        </TeamForm>
      )}
    </FormPage>
  );
}
