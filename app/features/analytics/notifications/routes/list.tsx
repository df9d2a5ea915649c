import { FormAlert } from "../../../../components/forms";
import { formFailure } from "../../../../lib/form-failure";
import { NotificationsList } from "../components/NotificationsList";
import { notificationsAction, notificationsLoader } from "../notifications.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return notificationsLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return notificationsAction(context, request);
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const failure = formFailure(actionData);
  return (
    <>
      <FormAlert code={failure?.code} />
      <NotificationsList {...loaderData} />
    </>
  );
}
