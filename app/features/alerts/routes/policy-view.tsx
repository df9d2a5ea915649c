import { PolicyView } from "../components/policies/PolicyView";
import { policyViewAction, policyViewLoader } from "../policies.server";
import type { Route } from "./+types/policy-view";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return policyViewLoader(context, request, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return policyViewAction(context, request, params.id);
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  return <PolicyView data={loaderData} />;
}
