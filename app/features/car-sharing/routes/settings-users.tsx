import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { NOTIFICATION_SCOPES } from "../../../../server/modules/car-sharing/car-sharing.schema";
import { CsrfInput } from "../../../components/forms";
import { SettingsAlert } from "../components/SettingsParts";
import { bookingUsersAction, bookingUsersLoader } from "../car-sharing-settings.server";
import type { Route } from "./+types/settings-users";

export const loader = ({ request, context }: Route.LoaderArgs) => bookingUsersLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => bookingUsersAction(context, request);

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
      <table className="table">
        <thead>
          <tr>
            <th>{t("settings.name")}</th>
            <th>{t("settings.email")}</th>
            <th>{t("settings.mayBook")}</th>
            <th>{t("settings.scope")}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {loaderData.users.map((u) => (
            <tr key={u.id}>
              <td>
                {u.first_name} {u.last_name}
              </td>
              <td>{u.email}</td>
              <td colSpan={3}>
                <Form data-unsaved-guard method="post" className="inline-form">
                  <CsrfInput />
                  <input type="hidden" name="user_id" value={u.id} />
                  <input
                    type="checkbox"
                    name="may_book"
                    defaultChecked={u.may_book}
                    aria-label={t("settings.mayBook")}
                  />{" "}
                  <select
                    name="notification_scope"
                    defaultValue={u.notification_scope}
                    aria-label={t("settings.scope")}
                  >
                    {NOTIFICATION_SCOPES.map((s) => (
                      <option key={s} value={s}>
                        {t(`settings.scopes.${s}`)}
                      </option>
                    ))}
                  </select>{" "}
                  <button type="submit" className="button">
                    {t("settings.save")}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
