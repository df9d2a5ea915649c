import { maintenanceIndexLoader } from "../maintenance.server";
import type { Route } from "./+types/index";

/** Spec: /maintenance goes to the role's redirect_urls.maintenance, else to the reminders. */
export function loader({ request, context }: Route.LoaderArgs) {
  return maintenanceIndexLoader(context, request);
}
