import { FuelEditForm } from "../components/RecordEdits";
import { fuelEditAction, fuelEditLoader } from "../record-edits.server";
import type { Route } from "./+types/fuel-edit";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return fuelEditLoader(context, request, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return fuelEditAction(context, request, params.id);
}

export default function FuelEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <FuelEditForm {...loaderData} actionData={actionData} />;
}
