import { redirect } from "react-router";
import {
  teamInputSchema,
  createTeam,
  deleteTeam,
  getTeamWithUsage,
  updateTeam,
  listTeams,
} from "../../../../server/modules/teams";
import { formAction, intent } from "../../../lib/forms.server";
import { can } from "../../../lib/permissions";
import {
  idParam,
  load,
  requirePermission,
  requireUser,
  type LoadContext,
  listQueryFrom,
} from "../../../lib/route-kit.server";

type Args = { request: Request; context: LoadContext };
const edit = (id: string) => `/configuration/vehicles/teams/update/${id}`;

export async function addTeamAction({ request, context }: Args) {
  const p = requirePermission(context, request, "teams:write");
  return formAction(
    { request, context },
    {
      save: intent({
        schema: teamInputSchema,
        run: async ({ value }) => {
          const team = await createTeam(context.app, p, value);
          return redirect(`${edit(team.id)}?created=1`);
        },
      }),
    },
  );
}

/** The team page: the team with how many vehicles and people use it, and what the user may do. */
export async function teamLoader({ request, context }: Args, rawId: string | undefined) {
  const p = requirePermission(context, request, "teams:read");
  const team = await load(() => getTeamWithUsage(context.app, p, idParam(rawId)));
  const canWrite = can(p, "teams:write");
  return {
    team: {
      id: team.id,
      name: team.name,
      description: team.description ?? "",
      version: team.updated_at,
      usage: team.usage,
    },
    canWrite,
    confirmDelete: canWrite && new URL(request.url).searchParams.get("delete") === "1",
  };
}

export async function teamAction({ request, context }: Args, rawId: string | undefined) {
  const p = requireUser(context, request);
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      save: intent({
        schema: teamInputSchema,
        run: async ({ value }) => {
          await updateTeam(context.app, p, id, value);
          return redirect(`${edit(id)}?saved=1`);
        },
      }),
      delete: intent({
        run: async () => {
          await deleteTeam(context.app, p, id);
          return redirect("/configuration/vehicles/teams?deleted=1");
        },
      }),
    },
  );
}

export async function teamsListLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "teams:read");
  const page = await load(() => listTeams(context.app, p, listQueryFrom(request)));
  return { page, canWrite: can(p, "teams:write") };
}
