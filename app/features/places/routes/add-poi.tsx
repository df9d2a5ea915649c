import { AddPlacePage } from "../components/PlacePages";
import { addPlaceAction, addPlaceLoader } from "../places.server";
import type { Route } from "./+types/add-poi";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return addPlaceLoader(context, request, "poi");
}

export function action({ request, context }: Route.ActionArgs) {
  return addPlaceAction(context, request, "poi");
}

export default function AddPlace({ loaderData, actionData }: Route.ComponentProps) {
  return <AddPlacePage kind="poi" loaderData={loaderData} actionData={actionData} />;
}
