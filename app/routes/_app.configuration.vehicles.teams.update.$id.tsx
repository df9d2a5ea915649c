import { useTranslation } from "react-i18next";
import { Link, data, redirect, useSearchParams } from "react-router";
import { AppError } from "../../server/errors";
import { teamInputSchema } from "../../server/modules/teams/teams.schema";
import { deleteTeam, getTeamWithUsage, updateTeam } from "../../server/modules/teams/teams.service";
import { DeleteConfirm } from "../components/vehicles/DeleteConfirm";
import { parseTextFields, serviceFailure, validationFailure } from "../components/vehicles/form-actions.server";
import { TeamForm } from "../components/vehicles/TeamForm";
import { refusal, idParam, load, readForm, requirePermission, requireUser } from "../lib/route-kit.server";
import type { Route } from "./+types/_app.configuration.vehicles.teams.update.$id";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "teams:read");
  const team = await load(() => getTeamWithUsage(context.app, p, idParam(params.id)));
  const canWrite = p.permissions.has("teams:write");
  return {
    team: { id: team.id, name: team.name, description: team.description ?? "", version: String(team.updated_at as unknown), usage: team.usage },
    canWrite,
    confirmDelete: canWrite && new URL(request.url).searchParams.get("delete") === "1",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const p = requireUser(context, request);
  const id = idParam(params.id);
  const form = await readForm(request, context);
  if (form.get("intent") === "delete") {
    try {
      await deleteTeam(context.app, p, id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === "NOT_FOUND") throw data({ error: err.code }, { status: 404 });
      return refusal({ deleteCode: err.code as string }, err);
    }
    return redirect("/configuration/vehicles/teams?deleted=1");
  }
  const submission = parseTextFields(form, teamInputSchema);
  if (submission.status !== "success") return validationFailure(submission);
  try {
    await updateTeam(context.app, p, id, submission.value);
  } catch (err) {
    return serviceFailure(submission, err);
  }
  return redirect(`/configuration/vehicles/teams/update/${id}?saved=1`);
}

export default function UpdateTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  const [params] = useSearchParams();
  const { team, canWrite, confirmDelete } = loaderData;
  const saveResult = actionData && "reply" in actionData ? actionData : null;
  const deleteCode = actionData && "deleteCode" in actionData ? actionData.deleteCode : null;
  const notice = params.has("created") ? "teams.created" : params.has("saved") ? "teams.saved" : null;
  return (
    <section className="stack">
      <header className="page-header">
        <h1>{t("teams.editTitle", { name: team.name })}</h1>
        <Link to="/configuration/vehicles/teams">{t("teams.back")}</Link>
      </header>
      {notice && !actionData && <div className="alert alert-ok" role="status" data-testid="notice">{t(notice)}</div>}
      <p className="muted" data-testid="team-usage">{t("teams.usage", { vehicles: team.usage.vehicles, members: team.usage.members })}</p>
      <TeamForm
        key={team.version}
        result={saveResult?.reply}
        code={saveResult?.code}
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
    </section>
  );
}
