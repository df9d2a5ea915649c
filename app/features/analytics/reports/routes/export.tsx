import { reportExport } from "../reports.server";
import type { Route } from "./+types/export";

/** A report as a file (csv, xlsx, pdf), every row; outside the frame. */
export function loader(args: Route.LoaderArgs) {
  return reportExport(args, args.params.type, args.params.format);
}
