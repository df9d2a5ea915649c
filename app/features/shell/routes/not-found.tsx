import { data, redirect } from "react-router";
import { isIntegrationPath } from "../../../../server/shared/integration-paths";
import { IntegrationShell } from "../../integrations/components/IntegrationShell";
import IntegrationNotFound from "../../integrations/routes/not-found";
import type { Route } from "./+types/not-found";

/**
 * Spec section 2: any unknown path goes to /manage (which sends visitors without a session to /login); an unknown
 * address starting /int is an integrations page instead: the public "not found", status 404, no redirect.
 * (/int and /int/… are caught earlier by the integrations layout's own `int/*`; this covers /intXYZ.)
 */
export function loader({ request }: Route.LoaderArgs) {
  if (isIntegrationPath(new URL(request.url).pathname)) return data(null, { status: 404 });
  throw redirect("/manage");
}
export const action = loader;

export default function UnknownIntegrationPath() {
  return (
    <IntegrationShell>
      <IntegrationNotFound />
    </IntegrationShell>
  );
}
