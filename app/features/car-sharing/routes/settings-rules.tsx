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
import { RecordTable } from "../../../components/RecordTable";
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

type Rule = Route.ComponentProps["loaderData"]["rules"][number];

/** Per-user or per-team rules overriding the general settings. */
export default function SpecificRules({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  return (
    <div data-testid="specific-rules">
      <p className="muted">{t("settings.rulesIntro")}</p>
      <SettingsAlert actionData={actionData} />
      <RecordTable
        rows={loaderData.rules}
        rowKey={(r) => r.id}
        columns={[
          { header: t("settings.ruleFor"), cell: (r) => r.user_name ?? r.team_name },
          ...COLUMNS.map((c) => ({ header: t(`settings.${c}`), cell: (r: Rule) => r[c] ?? "–" })),
        ]}
        actions={{
          header: t("common:list.actions"),
          render: (r) => [{ kind: "delete", fields: { intent: "delete", id: r.id }, label: t("settings.delete") }],
        }}
        empty={t("settings.noRules")}
      />
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
