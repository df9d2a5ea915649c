import { FuelList } from "../components/FuelPages";
import { fuelAction, fuelLoader } from "../records.server";
import type { Route } from "./+types/fuel";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return fuelLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return fuelAction(context, request);
}

export default function Fuel({ loaderData }: Route.ComponentProps) {
  return <FuelList {...loaderData} />;
}
