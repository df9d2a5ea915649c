import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { teamInputSchema } from "../../../../../server/modules/teams/teams.schema";
import { createTeam } from "../../../../../server/modules/teams/teams.service";
import { parseTextFields, serviceFailure, validationFailure } from "../../../../lib/forms.server";
import { TeamForm } from "../components/TeamForm";
import { readForm, requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "teams:write");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const p = requirePermission(context, request, "teams:write");
  const form = await readForm(request, context);
  const submission = parseTextFields(form, teamInputSchema);
  if (submission.status !== "success") return validationFailure(submission);
  try {
    const team = await createTeam(context.app, p, submission.value);
    return redirect(`/configuration/vehicles/teams/update/${team.id}?created=1`);
  } catch (err) {
    return serviceFailure(submission, err);
  }
}

export default function AddTeam({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  return (
    <section>
      <header className="page-header">
        <h1>{t("teams.newTitle")}</h1>
        <Link to="/configuration/vehicles/teams">{t("teams.back")}</Link>
      </header>
      <TeamForm result={actionData?.reply} code={actionData?.code} submitLabel={t("teams.create")}>
        <Link to="/configuration/vehicles/teams" className="button">{t("common:actions.cancel")}</Link>
      </TeamForm>
    </section>
  );
}
