import { data, redirect } from "react-router";
import type { Principal } from "../../../../server/modules/access/principal";
import { teamOptions } from "../../../../server/modules/teams/teams.service";
import { usersPolicy, type PeopleArea } from "../../../../server/modules/users/users.policy";
import { personInputSchema, userInputSchema } from "../../../../server/modules/users/users.schema";
import {
  createPerson,
  deletePerson,
  getPerson,
  roleOptions,
  updatePerson,
} from "../../../../server/modules/users/users.service";
import { vehicleOptions } from "../../../../server/modules/vehicles/vehicles.service";
import { formAction, intent } from "../../../lib/forms.server";
import { load, requirePermission, type LoadContext } from "../../../lib/route-kit.server";
import { can } from "../../../lib/permissions";

export const listPath = (area: PeopleArea) => `/configuration/${area}/list`;

/** Roles the editor may give, teams the editor sees and, for users, the vehicles the editor sees. */
export async function personFormOptions(
  context: LoadContext,
  p: Principal,
  area: PeopleArea,
  current?: { role_id: string },
) {
  const [roles, teams, vehicles] = await Promise.all([
    roleOptions(context.app, p, current?.role_id),
    teamOptions(context.app, p),
    area === "users" ? vehicleOptions(context.app, p) : Promise.resolve([]),
  ]);
  return {
    roles: roles.map((r) => ({ id: r.id, key: r.key, name: r.name })),
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    vehicles: vehicles.map((v) => ({ id: v.id, registration: v.registration })),
  };
}

export async function loadPerson(context: LoadContext, p: Principal, area: PeopleArea, id: string) {
  return load(() => getPerson(context.app, p, area, id));
}

/** The add and edit action of both people screens: save, or delete after confirmation. */
export async function savePersonAction(
  request: Request,
  context: LoadContext,
  p: Principal,
  area: PeopleArea,
  id?: string,
) {
  return formAction(
    { request, context },
    {
      save: intent({
        schema: area === "users" ? userInputSchema : personInputSchema,
        hideFields: ["password"],
        // The drivers area keeps the sign-in settings (users.service updatePerson), for this form and the API alike.
        run: async ({ value }) => {
          if (id) await updatePerson(context.app, p, area, id, value);
          else await createPerson(context.app, p, area, value);
          return redirect(`${listPath(area)}?saved=1`);
        },
      }),
      delete: intent({
        run: async () => {
          if (!id) throw data({ error: "VALIDATION" }, { status: 400 });
          await deletePerson(context.app, p, area, id);
          return redirect(`${listPath(area)}?deleted=1`);
        },
      }),
    },
  );
}

/** Loader of the edit pages (drivers/edit/{id}, users/update/{id}): the person, form options and what the editor may do. */
export async function personEditPage(context: LoadContext, request: Request, area: PeopleArea, id: string) {
  const p = requirePermission(context, request, `${area}:read`);
  const person = await loadPerson(context, p, area, id);
  return {
    person,
    options: await personFormOptions(context, p, area, person),
    canWrite: can(p, `${area}:write`),
    canDelete: usersPolicy.mayDelete(p, area, person.id),
  };
}

/** Action of the edit pages: save or delete, as the submitted intent says. */
export function personEditAction(context: LoadContext, request: Request, area: PeopleArea, id: string) {
  const p = requirePermission(context, request, `${area}:read`);
  return savePersonAction(request, context, p, area, id);
}
