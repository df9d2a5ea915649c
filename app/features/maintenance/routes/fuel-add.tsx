import { FuelForm } from "../components/FuelPages";
import { fuelAddAction, fuelAddLoader } from "../records.server";
import type { Route } from "./+types/fuel-add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return fuelAddLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return fuelAddAction(context, request);
}

export default function FuelAdd({ loaderData, actionData }: Route.ComponentProps) {
  return <FuelForm {...loaderData} actionData={actionData} />;
}
