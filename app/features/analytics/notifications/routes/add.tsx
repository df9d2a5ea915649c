import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formFailure } from "../../../../lib/form-failure";
import { NotificationForm } from "../components/NotificationForm";
import { notificationFormLoader, saveNotificationAction } from "../notifications.server";
import type { Route } from "./+types/add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return notificationFormLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return saveNotificationAction(context, request);
}

export default function AddNotification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("reportSchedules");
  const failure = formFailure(actionData);
  return (
    <section>
      <header className="page-header">
        <h1>{t("addTitle")}</h1>
        <Link to="/analytics/notifications">{t("back")}</Link>
      </header>
      <NotificationForm
        result={failure?.reply}
        code={failure?.code}
        defaultValue={loaderData.defaults}
        options={loaderData.options}
        submitLabel={t("form.create")}
      />
    </section>
  );
}
