import { index, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/webhooks/routes/${file}.tsx`;

/** Webhooks, a section of the configuration area (/configuration/webhooks); administrators only. */
export const webhooksPages: RouteConfigEntry[] = prefix("webhooks", [
  index(page("list")),
  route("add", page("add")),
  route("update/:id", page("update")),
  route("deliveries/:id", page("deliveries")),
]);
