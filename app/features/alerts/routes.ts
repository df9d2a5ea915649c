import { index, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/alerts/routes/${file}.tsx`;

/** Alert log, overview and policies (inside the signed-in frame). */
export const alertsPages: RouteConfigEntry[] = [
  route("alerts", page("layout"), [
    index(page("index")),
    route("log", page("log")),
    route("overview", page("overview")),
    ...prefix("policies", [
      index(page("policies")),
      route("add", page("policy-add")),
      route("edit/:id", page("policy-edit")),
      route("policy/:id", page("policy-view")),
    ]),
  ]),
];

/** The log as a spreadsheet. */
export const alertsFiles: RouteConfigEntry[] = [route("alerts/log.csv", page("log-csv"))];
