import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import {
  ADVANCE_DAYS_OPTIONS,
  MAX_DURATION_OPTIONS,
  MAX_FUTURE_OPTIONS,
  MIN_DURATION_OPTIONS,
  MIN_LEAD_OPTIONS,
  NO_SHOW_GRACE_OPTIONS,
  REMINDER_OPTIONS,
  RETURN_REST_OPTIONS,
} from "../../../../server/modules/car-sharing/car-sharing.schema";
import { CsrfInput } from "../../../components/forms";
import { HoursTable, OptionSelect, SettingsAlert } from "../components/SettingsParts";
import { generalSettingsAction, generalSettingsLoader } from "../car-sharing-settings.server";
import type { Route } from "./+types/settings-general";

export const loader = ({ request, context }: Route.LoaderArgs) => generalSettingsLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => generalSettingsAction(context, request);

export default function GeneralSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  const s = loaderData.settings;
  return (
    <Form data-unsaved-guard method="post" className="form" data-testid="general-settings">
      <CsrfInput />
      {loaderData.saved && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("settings.saved")}
        </div>
      )}
      <SettingsAlert actionData={actionData} />
      <OptionSelect name="min_duration_min" options={MIN_DURATION_OPTIONS} value={s.min_duration_min} unit="minutes" />
      <OptionSelect name="max_duration_min" options={MAX_DURATION_OPTIONS} value={s.max_duration_min} unit="minutes" />
      <OptionSelect name="advance_days" options={ADVANCE_DAYS_OPTIONS} value={s.advance_days} unit="days" />
      <OptionSelect
        name="max_future_bookings"
        options={MAX_FUTURE_OPTIONS}
        value={s.max_future_bookings}
        unit="count"
      />
      <OptionSelect name="min_lead_min" options={MIN_LEAD_OPTIONS} value={s.min_lead_min} unit="minutes" />
      <OptionSelect name="reminder_min" options={REMINDER_OPTIONS} value={s.reminder_min} unit="minutes" />
      <OptionSelect
        name="no_show_grace_min"
        options={NO_SHOW_GRACE_OPTIONS}
        value={s.no_show_grace_min}
        unit="minutes"
      />
      <OptionSelect name="return_rest_min" options={RETURN_REST_OPTIONS} value={s.return_rest_min} unit="minutes" />
      <label className="inline">
        <input type="checkbox" name="activate_on_ignition" defaultChecked={s.activate_on_ignition} />{" "}
        {t("settings.activate_on_ignition")}
      </label>
      <HoursTable hours={s.allowed_hours} />
      <div className="form-actions">
        <button type="submit" className="button primary" data-testid="settings-save">
          {t("settings.save")}
        </button>
      </div>
    </Form>
  );
}
