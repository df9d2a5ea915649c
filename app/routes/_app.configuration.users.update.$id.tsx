import { useTranslation } from "react-i18next";
import { DeletePerson } from "../components/people/DeletePerson";
import { PersonForm } from "../components/people/PersonForm";
import { loadPerson, personFormOptions, savePersonAction } from "../components/people/people.server";
import { idParam, requirePermission } from "../lib/route-kit.server";
import type { Route } from "./+types/_app.configuration.users.update.$id";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "users:read");
  const person = await loadPerson(context, p, "users", idParam(params.id));
  return {
    person,
    options: await personFormOptions(context, p, "users", person),
    canWrite: p.permissions.has("users:write"),
    canDelete: p.permissions.has("users:delete") && person.id !== p.userId,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const p = requirePermission(context, request, "users:read");
  return savePersonAction(request, context, p, "users", idParam(params.id));
}

export default function UpdateUser({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("people");
  const { person, options, canWrite, canDelete } = loaderData;
  const name = `${person.first_name} ${person.last_name}`;
  return (
    <section>
      <header className="page-header">
        <h1>{canWrite ? t("users.edit", { name }) : name}</h1>
        {canDelete && <DeletePerson name={name} />}
      </header>
      <PersonForm area="users" person={person} options={options} failure={actionData} readOnly={!canWrite} />
    </section>
  );
}
