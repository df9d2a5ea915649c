import { formFailure } from "../../../lib/form-failure";
import { SettingsForm } from "../components/SettingsForm";
import { settingsAction, settingsLoader } from "../route-planning.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return settingsLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(context, request);
}

export default function RouteSettings({ loaderData, actionData }: Route.ComponentProps) {
  const ok = !!actionData && (actionData as { ok?: unknown }).ok === true;
  return (
    <SettingsForm saved={loaderData.values} canWrite={loaderData.canWrite} failure={formFailure(actionData)} ok={ok} />
  );
}
