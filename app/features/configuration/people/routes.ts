import { index, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/configuration/people/routes/${file}.tsx`;

/** Drivers and users: one table, two screens (under /configuration). */
export const peoplePages: RouteConfigEntry[] = [
  ...prefix("drivers", [
    index(page("drivers-index")),
    route("list", page("drivers-list")),
    route("add", page("drivers-add")),
    route("edit/:id", page("drivers-edit")),
  ]),
  ...prefix("users", [
    index(page("users-index")),
    route("list", page("users-list")),
    route("add", page("users-add")),
    route("update/:id", page("users-update")),
  ]),
];
