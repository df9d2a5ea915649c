import { CostsPage } from "../components/CostsPage";
import { costsLoader } from "../records.server";
import type { Route } from "./+types/costs";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return costsLoader(context, request);
}

export default function Costs({ loaderData }: Route.ComponentProps) {
  return <CostsPage {...loaderData} />;
}
