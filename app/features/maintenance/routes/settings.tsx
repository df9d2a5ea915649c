import { SettingsPage } from "../components/SettingsPage";
import { settingsAction, settingsLoader } from "../settings.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return settingsLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(context, request);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsPage {...loaderData} actionData={actionData} />;
}
