import { PlacesList } from "../components/PlacesList";
import { loadPlacesList } from "../place-lists.server";
import type { Route } from "./+types/geofences";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPlacesList(context, request, "geofence");
}

export default function PlacesPage({ loaderData }: Route.ComponentProps) {
  return <PlacesList kind="geofence" {...loaderData} />;
}
