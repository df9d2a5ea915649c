import { useTranslation } from "react-i18next";
import { DeletePerson } from "../components/DeletePerson";
import { PersonForm } from "../components/PersonForm";
import { personEditAction, personEditPage } from "../people.server";
import { idParam } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/users-update";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return personEditPage(context, request, "users", idParam(params.id));
}

export function action({ request, context, params }: Route.ActionArgs) {
  return personEditAction(context, request, "users", idParam(params.id));
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
