/** The route-planning URLs the pages link to (shared by the server glue and the components). */
export const JOBS_PATH = "/route-planning/scheduled-routes/assign-routes";
export const TEMPLATES_PATH = "/route-planning/scheduled-routes/template-routes";
