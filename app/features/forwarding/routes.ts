import { index, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/forwarding/routes/${file}.tsx`;

/** Position forwarding targets, a section of the configuration area (/configuration/forwarding). */
export const forwardingPages: RouteConfigEntry[] = prefix("forwarding", [
  index(page("list")),
  route("add", page("add")),
  route("update/:id", page("update")),
]);
