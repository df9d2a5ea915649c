import { Outlet, useRouteError } from "react-router";
import { IntegrationErrorPage, IntegrationShell } from "../components/IntegrationShell";

/**
 * Layout of the public integrations routes (/int…, spec section 2): no loader asks for a session, so there is no
 * login redirect; the root leaves out the mobile banner and the signed-in user's data. Tracking links carry their
 * token in the address: pages are not cached or indexed.
 */
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" });

export default function IntegrationsLayout() {
  return (
    <IntegrationShell>
      <Outlet />
    </IntegrationShell>
  );
}

export function ErrorBoundary() {
  return <IntegrationErrorPage error={useRouteError()} />;
}
