import { data, redirect } from "react-router";
import type { Principal } from "../../../../server/modules/access/principal";
import { teamOptions } from "../../../../server/modules/teams";
import {
  usersPolicy,
  type PeopleArea,
  personInputSchema,
  userInputSchema,
  createPerson,
  deletePerson,
  getPerson,
  roleOptions,
  updatePerson,
  listPeople,
} from "../../../../server/modules/users";
import { vehicleOptions } from "../../../../server/modules/vehicles";
import { formAction, intent } from "../../../lib/forms.server";
import { load, requirePermission, type LoadContext, listQueryFrom } from "../../../lib/route-kit.server";
import { can } from "../../../lib/permissions";
import { orgTimeZone } from "../../../../server/modules/organization";
import { fullName } from "./components/PeoplePages";
import { formatInstant } from "../../../lib/dates";

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

export async function driversListLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "drivers:read");
  const page = await load(() => listPeople(context.app, p, "drivers", listQueryFrom(request)));
  return {
    page: {
      ...page,
      items: page.items.map((d) => ({
        id: d.id,
        name: fullName(d),
        phone: d.phone,
        personal_number: d.personal_number,
        team: d.team_name,
        vehicles: d.vehicle_registrations,
      })),
    },
    canWrite: can(p, "drivers:write"),
  };
}

export async function usersListLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "users:read");
  const [page, timeZone] = await Promise.all([
    load(() => listPeople(context.app, p, "users", listQueryFrom(request))),
    orgTimeZone(context.app, p.orgId),
  ]);
  return {
    page: {
      ...page,
      items: page.items.map((u) => ({
        id: u.id,
        name: fullName(u),
        email: u.email,
        role: u.role_name,
        team: u.team_name,
        active: u.active,
        webOnly: u.web_only,
        lastLogin: u.last_login_at ? formatInstant(u.last_login_at, timeZone) : null,
      })),
    },
    canWrite: can(p, "users:write"),
  };
}
