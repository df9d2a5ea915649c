import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import {
  ADVANCE_DAYS_OPTIONS,
  ALL_DAY,
  MAX_DURATION_OPTIONS,
  MAX_FUTURE_OPTIONS,
  MIN_DURATION_OPTIONS,
  MIN_LEAD_OPTIONS,
} from "../../../../server/modules/car-sharing/car-sharing.schema";
import { CsrfInput } from "../../../components/forms";
import { HoursTable, OptionSelect, SettingsAlert } from "../components/SettingsParts";
import { rulesAction, rulesLoader } from "../car-sharing-settings.server";
import type { Route } from "./+types/settings-rules";

export const loader = ({ request, context }: Route.LoaderArgs) => rulesLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => rulesAction(context, request);

const COLUMNS = [
  "min_duration_min",
  "max_duration_min",
  "advance_days",
  "max_future_bookings",
  "min_lead_min",
] as const;

/** Per-user or per-team rules overriding the general settings. */
export default function SpecificRules({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  return (
    <div data-testid="specific-rules">
      <p className="muted">{t("settings.rulesIntro")}</p>
      <SettingsAlert actionData={actionData} />
      <table className="table">
        <thead>
          <tr>
            <th>{t("settings.ruleFor")}</th>
            {COLUMNS.map((c) => (
              <th key={c}>{t(`settings.${c}`)}</th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {loaderData.rules.map((r) => (
            <tr key={r.id}>
              <td>{r.user_name ?? r.team_name}</td>
              {COLUMNS.map((c) => (
                <td key={c}>{r[c] ?? "–"}</td>
              ))}
              <td>
                <Form method="post" className="inline-form">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" className="button danger small">
                    {t("settings.delete")}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
          {!loaderData.rules.length && (
            <tr>
              <td colSpan={7} className="muted">
                {t("settings.noRules")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Form data-unsaved-guard method="post" className="form" data-testid="rule-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <div className="field">
          <label htmlFor="user_id">{t("settings.user")}</label>
          <select id="user_id" name="user_id" defaultValue="">
            <option value="">–</option>
            {loaderData.people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="team_id">{t("settings.team")}</label>
          <select id="team_id" name="team_id" defaultValue="">
            <option value="">–</option>
            {loaderData.teams.map((tm) => (
              <option key={tm.id} value={tm.id}>
                {tm.name}
              </option>
            ))}
          </select>
        </div>
        <OptionSelect name="min_duration_min" options={MIN_DURATION_OPTIONS} value={null} unit="minutes" inherit />
        <OptionSelect name="max_duration_min" options={MAX_DURATION_OPTIONS} value={null} unit="minutes" inherit />
        <OptionSelect name="advance_days" options={ADVANCE_DAYS_OPTIONS} value={null} unit="days" inherit />
        <OptionSelect name="max_future_bookings" options={MAX_FUTURE_OPTIONS} value={null} unit="count" inherit />
        <OptionSelect name="min_lead_min" options={MIN_LEAD_OPTIONS} value={null} unit="minutes" inherit />
        <label className="inline">
          <input type="checkbox" name="custom_hours" /> {t("settings.customHours")}
        </label>
        <HoursTable hours={ALL_DAY} />
        <div className="form-actions">
          <button type="submit" className="button primary">
            {t("settings.save")}
          </button>
        </div>
      </Form>
    </div>
  );
}
