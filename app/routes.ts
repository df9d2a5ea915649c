import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";
import { integrationRoutes } from "./features/integrations/routes";

export default [...integrationRoutes, ...(await flatRoutes())] satisfies RouteConfig;
