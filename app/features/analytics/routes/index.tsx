import type { Route } from "./+types/index";
import { analyticsIndexLoader } from "../reports/reports.server";

export const loader = ({ request, context }: Route.LoaderArgs) => analyticsIndexLoader(request, context);
