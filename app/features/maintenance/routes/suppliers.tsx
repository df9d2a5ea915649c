import { CatalogueList } from "../components/CataloguePages";
import { catalogueAddAction, catalogueLoader } from "../catalogue.server";
import type { Route } from "./+types/suppliers";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return catalogueLoader(context, request, "suppliers");
}

export function action({ request, context }: Route.ActionArgs) {
  return catalogueAddAction(context, request, "suppliers");
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogueList {...loaderData} actionData={actionData} />;
}
