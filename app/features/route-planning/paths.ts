/** The route-planning URLs the pages link to (shared by the server glue and the components). */
export const JOBS_PATH = "/route-planning/scheduled-routes/assign-routes";
export const TEMPLATES_PATH = "/route-planning/scheduled-routes/template-routes";
/** The lists themselves, at the spec's paths (`assign-routes/list`, `template-routes/list`). */
export const JOBS_LIST_PATH = `${JOBS_PATH}/list`;
export const TEMPLATES_LIST_PATH = `${TEMPLATES_PATH}/list`;
