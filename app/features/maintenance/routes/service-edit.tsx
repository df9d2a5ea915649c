import { ServiceEditForm } from "../components/RecordEdits";
import { serviceEditAction, serviceEditLoader } from "../record-edits.server";
import type { Route } from "./+types/service-edit";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return serviceEditLoader(context, request, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return serviceEditAction(context, request, params.id);
}

export default function ServiceEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <ServiceEditForm {...loaderData} actionData={actionData} />;
}
