import { ServicesList } from "../components/RecordPages";
import { servicesLoader } from "../records.server";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return servicesLoader(context, request, "service");
}

export default function Services({ loaderData }: Route.ComponentProps) {
  return <ServicesList {...loaderData} />;
}
