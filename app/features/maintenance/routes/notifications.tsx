import { ReminderNotices } from "../components/ReminderNotices";
import { notificationsAction, notificationsLoader } from "../notifications.server";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return notificationsLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return notificationsAction(context, request);
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  return <ReminderNotices {...loaderData} />;
}
