import { index, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/configuration/teams/routes/${file}.tsx`;

/** Teams, listed under the vehicles section (under /configuration). */
export const teamsPages: RouteConfigEntry[] = prefix("vehicles/teams", [
  index(page("index")),
  route("add", page("add")),
  route("update/:id", page("update")),
]);
