import { EditPlacePage } from "../components/places/PlacePages";
import { editPlaceAction, editPlaceLoader } from "../lib/places/place-routes.server";
import type { Route } from "./+types/_app.places.edit-poi.$id";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return editPlaceLoader(context, request, "poi", params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return editPlaceAction(context, request, "poi", params.id);
}

export default function EditPlace({ loaderData, actionData }: Route.ComponentProps) {
  return <EditPlacePage kind="poi" loaderData={loaderData} actionData={actionData} />;
}
