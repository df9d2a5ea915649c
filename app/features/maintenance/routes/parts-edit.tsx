import { CatalogueEdit } from "../components/CataloguePages";
import { catalogueEditAction, catalogueEditLoader } from "../catalogue.server";
import type { Route } from "./+types/parts-edit";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return catalogueEditLoader(context, request, "parts", params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return catalogueEditAction(context, request, "parts", params.id);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogueEdit {...loaderData} actionData={actionData} />;
}
