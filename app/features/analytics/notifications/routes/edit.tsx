import { useTranslation } from "react-i18next";
import { NotificationForm } from "../components/NotificationForm";
import { notificationFormLoader, saveNotificationAction } from "../notifications.server";
import type { Route } from "./+types/edit";
import { FormPage } from "../../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return notificationFormLoader(context, request, params.id ?? "");
}

export function action({ request, context, params }: Route.ActionArgs) {
  return saveNotificationAction(context, request, params.id ?? "");
}

export default function EditNotification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("reportSchedules");
  return (
    <FormPage
      title={t("editTitle", { name: loaderData.schedule?.name })}
      back={{ to: "/analytics/notifications", label: t("back") }}
      actionData={actionData}
    >
      {(failure) => (
        <NotificationForm
          key={loaderData.schedule?.id}
          result={failure?.reply}
          code={failure?.code}
          defaultValue={loaderData.defaults}
          options={loaderData.options}
          submitLabel={t("form.save")}
        />
      )}
    </FormPage>
  );
}
