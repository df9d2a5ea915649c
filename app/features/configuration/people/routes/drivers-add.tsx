import { AddPersonPage } from "../components/PeoplePages";
import { personFormOptions, savePersonAction } from "../people.server";
import { requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/drivers-add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "drivers:write");
  return { options: await personFormOptions(context, p, "drivers") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const p = requirePermission(context, request, "drivers:write");
  return savePersonAction(request, context, p, "drivers");
}

export default function AddDriver({ loaderData, actionData }: Route.ComponentProps) {
  return <AddPersonPage area="drivers" options={loaderData.options} failure={actionData} />;
}
