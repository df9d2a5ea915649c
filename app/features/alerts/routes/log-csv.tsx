import type { Route } from "./+types/log-csv";
import { alertLogCsvLoader } from "../log-csv.server";

export const loader = ({ request, context }: Route.LoaderArgs) => alertLogCsvLoader(request, context);
