import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/dashboard/routes/${file}.tsx`;

/** The dashboard: metric tiles (default) and benchmarks (inside the signed-in frame). */
export const dashboardPages: RouteConfigEntry[] = [
  route("dashboard", page("layout"), [
    index(page("index")),
    route("metrics", page("metrics")),
    route("metrics/add", page("tile-add")),
    route("metrics/edit/:id", page("tile-edit")),
    route("benchmarks", page("benchmarks")),
  ]),
];
