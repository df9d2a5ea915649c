import { WashPage } from "../components/RecordPages";
import { servicesLoader, washAction } from "../records.server";
import type { Route } from "./+types/wash";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return servicesLoader(context, request, "wash");
}

export function action({ request, context }: Route.ActionArgs) {
  return washAction(context, request);
}

export default function Wash({ loaderData, actionData }: Route.ComponentProps) {
  return <WashPage {...loaderData} actionData={actionData} />;
}
