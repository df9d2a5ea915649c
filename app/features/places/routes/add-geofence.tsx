import { AddPlacePage } from "../components/PlacePages";
import { addPlaceAction, addPlaceLoader } from "../places.server";
import type { Route } from "./+types/add-geofence";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return addPlaceLoader(context, request, "geofence");
}

export function action({ request, context }: Route.ActionArgs) {
  return addPlaceAction(context, request, "geofence");
}

export default function AddPlace({ loaderData, actionData }: Route.ComponentProps) {
  return <AddPlacePage kind="geofence" loaderData={loaderData} actionData={actionData} />;
}
