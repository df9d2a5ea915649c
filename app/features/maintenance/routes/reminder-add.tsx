import { useTranslation } from "react-i18next";
import { ReminderForm } from "../components/ReminderPages";
import { reminderAddAction, reminderAddLoader } from "../maintenance.server";
import type { Route } from "./+types/reminder-add";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return reminderAddLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return reminderAddAction(context, request);
}

export default function ReminderAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("maintenance");
  return (
    <FormPage title={t("reminders.add")}>
      <ReminderForm
        many
        saved={{
          kind: "regular",
          repeat: true,
          active: true,
          base_date: loaderData.today,
          before_days: "0",
          before_km: "0",
          before_hours: "0",
        }}
        actionData={actionData}
        options={loaderData.options}
      />
    </FormPage>
  );
}
