import { ServiceForm } from "../components/RecordPages";
import { serviceAddAction, serviceAddLoader } from "../records.server";
import type { Route } from "./+types/service-add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return serviceAddLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return serviceAddAction(context, request);
}

export default function ServiceAdd({ loaderData, actionData }: Route.ComponentProps) {
  return <ServiceForm {...loaderData} actionData={actionData} />;
}
