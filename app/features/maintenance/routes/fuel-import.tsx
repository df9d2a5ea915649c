import { FuelImport } from "../components/FuelPages";
import { fuelImportAction, fuelImportLoader } from "../records.server";
import type { Route } from "./+types/fuel-import";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return fuelImportLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return fuelImportAction(context, request);
}

export default function FuelImportPage({ actionData }: Route.ComponentProps) {
  return <FuelImport actionData={actionData} />;
}
