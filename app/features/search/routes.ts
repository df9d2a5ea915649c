import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** /search: the header search's results page (without JavaScript the header form opens it). */
export const searchPages: RouteConfigEntry[] = [route("search", "features/search/routes/search.tsx")];
