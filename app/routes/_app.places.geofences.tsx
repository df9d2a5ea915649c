import { PlacesList } from "../components/places/PlacesList";
import { loadPlacesList } from "../lib/places/list-loader.server";
import type { Route } from "./+types/_app.places.geofences";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPlacesList(context, request, "geofence");
}

export default function PlacesPage({ loaderData }: Route.ComponentProps) {
  return <PlacesList kind="geofence" {...loaderData} />;
}
