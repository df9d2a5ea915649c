import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { DeleteConfirm } from "../../../../components/DeleteConfirm";
import { formFailure } from "../../../../lib/form-failure";
import { TeamForm } from "../components/TeamForm";
import { teamAction, teamLoader } from "../teams.server";
import type { Route } from "./+types/update";
import { FormPage } from "../../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ params, ...args }: Route.LoaderArgs) {
  return teamLoader(args, params.id);
}
export function action({ params, ...args }: Route.ActionArgs) {
  return teamAction(args, params.id);
}

export default function UpdateTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  const [params] = useSearchParams();
  const { team, canWrite, confirmDelete } = loaderData;
  const saveFailure = formFailure(actionData, "save");
  const deleteCode = formFailure(actionData, "delete")?.code ?? null;
  const notice = params.has("created") ? "teams.created" : params.has("saved") ? "teams.saved" : null;
  return (
    <FormPage
      title={t("teams.editTitle", { name: team.name })}
      back={{ to: "/configuration/vehicles/teams", label: t("teams.back") }}
      className="stack"
    >
      {notice && !actionData && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(notice)}
        </div>
      )}
      <p className="muted" data-testid="team-usage">
        {t("teams.usage", { vehicles: team.usage.vehicles, members: team.usage.members })}
      </p>
      <TeamForm
        key={team.version}
        result={saveFailure?.reply}
        code={saveFailure?.code}
        defaultValue={{ name: team.name, description: team.description }}
        readOnly={!canWrite}
        submitLabel={t("common:actions.save")}
      />
      {canWrite && (
        <DeleteConfirm
          confirming={confirmDelete || Boolean(deleteCode)}
          label={t("teams.delete")}
          question={t("teams.confirmDelete", { name: team.name })}
          code={deleteCode}
        />
      )}
    </FormPage>
  );
}
