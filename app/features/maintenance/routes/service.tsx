import { ServiceDetail } from "../components/ServiceDetail";
import { serviceAction, serviceLoader } from "../records.server";
import type { Route } from "./+types/service";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return serviceLoader(context, request, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return serviceAction(context, request, params.id);
}

export default function Service({ loaderData }: Route.ComponentProps) {
  return <ServiceDetail {...loaderData} />;
}
