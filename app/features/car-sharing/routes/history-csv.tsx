import { historyCsvLoader } from "../car-sharing.server";
import type { Route } from "./+types/history-csv";

/** The history as CSV: the same tab, search and sort as the screen. */
export const loader = ({ request, context }: Route.LoaderArgs) => historyCsvLoader(context, request);
