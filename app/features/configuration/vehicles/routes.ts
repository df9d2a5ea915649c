import { index, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/configuration/vehicles/routes/${file}.tsx`;

/** Vehicles and their images (under /configuration). */
export const vehiclesPages: RouteConfigEntry[] = prefix("vehicles", [
  index(page("index")),
  route("list", page("list")),
  route("add", page("add")),
  route("details/:id", page("details"), [route("images/:imageId", page("image"))]),
]);
