import { EditPersonPage } from "../components/PeoplePages";
import { personEditAction, personEditPage } from "../people.server";
import { idParam } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/drivers-edit";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return personEditPage(context, request, "drivers", idParam(params.id));
}

export function action({ request, context, params }: Route.ActionArgs) {
  return personEditAction(context, request, "drivers", idParam(params.id));
}

export default function EditDriver({ loaderData, actionData }: Route.ComponentProps) {
  return <EditPersonPage area="drivers" {...loaderData} failure={actionData} />;
}
