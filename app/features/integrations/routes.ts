import { layout, prefix, route, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The public integrations routes (spec section 2: paths starting /int). `int/*` catches every other /int address
 * (and /int itself) for the public "not found", ahead of the shell's catch-all `*` (features/shell/routes/not-found.tsx).
 */
export const integrationRoutes: RouteConfigEntry[] = [
  layout("features/integrations/routes/layout.tsx", [
    ...prefix("int", [
      route("order-track", "features/integrations/routes/order-track.tsx"),
      route("*", "features/integrations/routes/not-found.tsx"),
    ]),
  ]),
];
