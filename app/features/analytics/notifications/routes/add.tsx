import { useTranslation } from "react-i18next";
import { NotificationForm } from "../components/NotificationForm";
import { notificationFormLoader, saveNotificationAction } from "../notifications.server";
import type { Route } from "./+types/add";
import { FormPage } from "../../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return notificationFormLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return saveNotificationAction(context, request);
}

export default function AddNotification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("reportSchedules");
  return (
    <FormPage title={t("addTitle")} back={{ to: "/analytics/notifications", label: t("back") }} actionData={actionData}>
      {(failure) => (
        <NotificationForm
          result={failure?.reply}
          code={failure?.code}
          defaultValue={loaderData.defaults}
          options={loaderData.options}
          submitLabel={t("form.create")}
        />
      )}
    </FormPage>
  );
}
