import { useTranslation } from "react-i18next";
import type { AllowedHours } from "../../../../server/modules/car-sharing/car-sharing.schema";
import { useErrorText } from "../../../components/forms";
import { RecordTable } from "../../../components/RecordTable";
import { formFailure } from "../../../lib/form-failure";

/** A select of one setting's allowed values (the spec's option lists). */
export function OptionSelect({
  name,
  options,
  value,
  unit,
  inherit,
}: {
  name: string;
  options: readonly number[];
  value: number | null;
  unit: "minutes" | "days" | "count";
  inherit?: boolean;
}) {
  const { t } = useTranslation("carSharing");
  return (
    <div className="field">
      <label htmlFor={name}>{t(`settings.${name}`)}</label>
      <select id={name} name={name} defaultValue={value === null ? "" : String(value)}>
        {inherit && <option value="">{t("settings.inherit")}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {unit === "count"
              ? o
              : name === "no_show_grace_min" && o === 0
                ? t("settings.never")
                : t(`settings.${unit}`, { count: o })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Allowed booking hours per weekday, Sunday first: open checkbox, from and to (HH:mm; "to" may be 24:00). */
export function HoursTable({ hours }: { hours: AllowedHours }) {
  const { t } = useTranslation("carSharing");
  const weekday = (d: number) => t(`settings.weekdays.d${d}`);
  return (
    <RecordTable
      className="table cs-hours"
      testId="allowed-hours"
      rows={hours.map((h, d) => ({ h, d }))}
      rowKey={({ d }) => String(d)}
      columns={[
        { header: t("settings.allowedHours"), rowHeader: true, cell: ({ d }) => weekday(d) },
        {
          header: t("settings.open"),
          cell: ({ h, d }) => (
            <input
              type="checkbox"
              name={`open_${d}`}
              defaultChecked={!!h}
              aria-label={`${t("settings.open")} ${weekday(d)}`}
            />
          ),
        },
        {
          header: t("settings.from"),
          cell: ({ h, d }) => (
            <input
              name={`from_${d}`}
              defaultValue={h?.from ?? "08:00"}
              pattern="([01]\d|2[0-3]):[0-5]\d"
              maxLength={5}
              size={5}
              aria-label={t("settings.from")}
            />
          ),
        },
        {
          header: t("settings.to"),
          cell: ({ h, d }) => (
            <input
              name={`to_${d}`}
              defaultValue={h?.to ?? "18:00"}
              pattern="([01]\d|2[0-3]):[0-5]\d|24:00"
              maxLength={5}
              size={5}
              aria-label={t("settings.to")}
            />
          ),
        },
      ]}
    />
  );
}

/** The failure banner of a settings form (its code translated). */
export function SettingsAlert({ actionData }: { actionData: unknown }) {
  const text = useErrorText();
  const failed = formFailure(actionData);
  if (!failed) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="form-alert">
      {text(failed.code === "VALIDATION" ? "REQUIRED_FIELDS" : failed.code)}
    </div>
  );
}
