import { PoliciesList } from "../components/policies/PoliciesList";
import { policiesListLoader } from "../policies.server";
import type { Route } from "./+types/policies";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return policiesListLoader(context, request);
}

export default function PoliciesPage({ loaderData }: Route.ComponentProps) {
  return <PoliciesList {...loaderData} />;
}
