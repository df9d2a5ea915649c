import { EditPlacePage } from "../components/PlacePages";
import { editPlaceAction, editPlaceLoader } from "../places.server";
import type { Route } from "./+types/edit-poi";

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
