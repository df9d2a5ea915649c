import { archiveDownload } from "../archive.server";
import type { Route } from "./+types/archive-file";

/** An archived report's file (csv, xlsx, pdf); outside the frame. */
export function loader(args: Route.LoaderArgs) {
  return archiveDownload(args, args.params.id, args.params.format);
}
