import { EditPersonPage } from "../components/PeoplePages";
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
  return <EditPersonPage area="users" {...loaderData} failure={actionData} />;
}
