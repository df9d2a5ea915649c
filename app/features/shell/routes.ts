import { index, layout, route, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The signed-in frame (navigation, alert bell, language) around every feature's pages, the root redirect and the
 * not-found page. `signedIn` are the features' pages that render inside the frame.
 */
export function shellRoutes(signedIn: RouteConfigEntry[]): RouteConfigEntry[] {
  return [
    index("features/shell/routes/home.tsx"),
    layout("features/shell/routes/app-layout.tsx", signedIn),
    route("*", "features/shell/routes/not-found.tsx"),
  ];
}
