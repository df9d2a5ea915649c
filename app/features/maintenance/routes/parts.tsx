import { CatalogueList } from "../components/CataloguePages";
import { catalogueAddAction, catalogueLoader } from "../catalogue.server";
import type { Route } from "./+types/parts";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return catalogueLoader(context, request, "parts");
}

export function action({ request, context }: Route.ActionArgs) {
  return catalogueAddAction(context, request, "parts");
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogueList {...loaderData} actionData={actionData} />;
}
