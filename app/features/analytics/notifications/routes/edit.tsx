import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formFailure } from "../../../../lib/form-failure";
import { NotificationForm } from "../components/NotificationForm";
import { notificationFormLoader, saveNotificationAction } from "../notifications.server";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return notificationFormLoader(context, request, params.id ?? "");
}

export function action({ request, context, params }: Route.ActionArgs) {
  return saveNotificationAction(context, request, params.id ?? "");
}

export default function EditNotification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("reportSchedules");
  const failure = formFailure(actionData);
  return (
    <section>
      <header className="page-header">
        <h1>{t("editTitle", { name: loaderData.schedule?.name })}</h1>
        <Link to="/analytics/notifications">{t("back")}</Link>
      </header>
      <NotificationForm
        key={loaderData.schedule?.id}
        result={failure?.reply}
        code={failure?.code}
        defaultValue={loaderData.defaults}
        options={loaderData.options}
        submitLabel={t("form.save")}
      />
    </section>
  );
}
