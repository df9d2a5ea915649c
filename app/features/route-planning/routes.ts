import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/route-planning/routes/${file}.tsx`;

/** Route planning and dispatch of field jobs (inside the signed-in frame). */
export const routePlanningPages: RouteConfigEntry[] = [
  route("route-planning", page("layout"), [
    index(page("index")),
    route("settings", page("settings")),
    route("scheduled-routes", page("scheduled-routes")),
    route("scheduled-routes/assign-routes", page("jobs-index")),
    route("scheduled-routes/assign-routes/list", page("jobs")),
    route("scheduled-routes/assign-routes/add", page("job-add")),
    route("scheduled-routes/assign-routes/import", page("job-import")),
    route("scheduled-routes/assign-routes/edit/:id", page("job-edit")),
    route("scheduled-routes/template-routes", page("templates-index")),
    route("scheduled-routes/template-routes/list", page("templates")),
    route("scheduled-routes/template-routes/add", page("template-add")),
    route("scheduled-routes/template-routes/edit/:id", page("template-edit")),
    route("routing-dispatch", page("routing-dispatch")),
    route("routing-dispatch/map", page("dispatch-map")),
    route("routing-dispatch/scheduler", page("scheduler")),
    route("routing-dispatch/settings", page("dispatch-settings")),
    route("attendance", page("attendance")),
  ]),
];

/** The sample import file (both languages) and the day's jobs as GeoJSON for the dispatch map. */
export const routePlanningFiles: RouteConfigEntry[] = [route("route-planning/sample-jobs.csv", page("sample-csv"))];
