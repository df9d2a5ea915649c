import { PoliciesList } from "../components/alerts/policies/PoliciesList";
import { policiesListLoader } from "../lib/alerts/policy-routes.server";
import type { Route } from "./+types/_app.alerts.policies._index";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return policiesListLoader(context, request);
}

export default function PoliciesPage({ loaderData }: Route.ComponentProps) {
  return <PoliciesList {...loaderData} />;
}
