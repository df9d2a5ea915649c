import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { auditLogPages } from "../audit-log/routes";
import { forwardingPages } from "../forwarding/routes";
import { webhooksPages } from "../webhooks/routes";
import { peoplePages } from "./people/routes";
import { teamsPages } from "./teams/routes";
import { vehiclesPages } from "./vehicles/routes";

const page = (file: string) => `features/configuration/routes/${file}.tsx`;

/** The configuration area (inside the signed-in frame): its own sections plus people, vehicles and teams. */
export const configurationPages: RouteConfigEntry[] = [
  route("configuration", page("layout"), [
    index(page("index")),
    route("list", page("list")),
    route("help", page("help")),
    route("organization", page("organization")),
    route("settings", page("settings")),
    route("profile", page("profile")),
    ...peoplePages,
    ...vehiclesPages,
    ...teamsPages,
    ...auditLogPages,
    ...forwardingPages,
    ...webhooksPages,
  ]),
];
