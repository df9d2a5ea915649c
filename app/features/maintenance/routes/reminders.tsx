import { RemindersList } from "../components/ReminderPages";
import { remindersLoader } from "../maintenance.server";
import type { Route } from "./+types/reminders";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return remindersLoader(context, request);
}

export default function Reminders({ loaderData }: Route.ComponentProps) {
  return <RemindersList {...loaderData} />;
}
