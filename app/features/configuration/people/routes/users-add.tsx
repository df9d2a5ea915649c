import { AddPersonPage } from "../components/PeoplePages";
import { personFormOptions, savePersonAction } from "../people.server";
import { requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/users-add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "users:write");
  return { options: await personFormOptions(context, p, "users") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const p = requirePermission(context, request, "users:write");
  return savePersonAction(request, context, p, "users");
}

export default function AddUser({ loaderData, actionData }: Route.ComponentProps) {
  return <AddPersonPage area="users" options={loaderData.options} failure={actionData} />;
}
