import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { NOTIFICATION_SCOPES } from "../../../../server/modules/car-sharing/car-sharing.schema";
import { CsrfInput } from "../../../components/forms";
import { RecordTable } from "../../../components/RecordTable";
import { SettingsAlert } from "../components/SettingsParts";
import { bookingUsersAction, bookingUsersLoader } from "../car-sharing-settings.server";
import type { Route } from "./+types/settings-users";

export const loader = ({ request, context }: Route.LoaderArgs) => bookingUsersLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => bookingUsersAction(context, request);

/** Each person's form holds the scope select; the checkbox and the save button in the row's other cells join it. */
const formId = (userId: string) => `booking-user-${userId}`;

/** Who may book, and which bookings each user hears about. One small form per person (works without JavaScript). */
export default function BookingUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  return (
    <div data-testid="booking-users">
      {loaderData.saved && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("settings.saved")}
        </div>
      )}
      <SettingsAlert actionData={actionData} />
      <RecordTable
        rows={loaderData.users}
        rowKey={(u) => u.id}
        columns={[
          { header: t("settings.name"), cell: (u) => `${u.first_name} ${u.last_name}` },
          { header: t("settings.email"), cell: (u) => u.email },
          {
            header: t("settings.mayBook"),
            cell: (u) => (
              <input
                type="checkbox"
                name="may_book"
                form={formId(u.id)}
                defaultChecked={u.may_book}
                aria-label={t("settings.mayBook")}
              />
            ),
          },
          {
            header: t("settings.scope"),
            cell: (u) => (
              <Form id={formId(u.id)} data-unsaved-guard method="post" className="inline-form">
                <CsrfInput />
                <input type="hidden" name="user_id" value={u.id} />
                <select name="notification_scope" defaultValue={u.notification_scope} aria-label={t("settings.scope")}>
                  {NOTIFICATION_SCOPES.map((s) => (
                    <option key={s} value={s}>
                      {t(`settings.scopes.${s}`)}
                    </option>
                  ))}
                </select>
              </Form>
            ),
          },
          {
            header: t("common:list.actions"),
            hiddenHeader: true,
            cell: (u) => (
              <button type="submit" form={formId(u.id)} className="button">
                {t("settings.save")}
              </button>
            ),
          },
        ]}
      />
    </div>
  );
}
