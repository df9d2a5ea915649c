import { useTranslation } from "react-i18next";
import { InPlaceFormPage } from "../components/InPlaceForm";
import { TextField } from "../components/SimpleField";
import { TimeField } from "../../../components/dates";
import { Field, FieldErrors } from "../../../components/forms";
import type { Route } from "./+types/settings";
import { settingsLoader, settingsAction } from "../configuration.server";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => settingsLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => settingsAction(request, context);

const checked = (v: unknown) => v === true || v === "on" || v === "true";

/** A checkbox with its error (a value no checkbox sends is refused beside it). */
function Checkbox(props: { name: string; label: string; values: Record<string, unknown>; errors?: string[] }) {
  const invalid = Boolean(props.errors?.length);
  return (
    <>
      <label className="field checkbox">
        <input
          type="checkbox"
          name={props.name}
          defaultChecked={checked(props.values[props.name])}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${props.name}-error` : undefined}
        />{" "}
        {props.label}
      </label>
      <FieldErrors id={`${props.name}-error`} errors={props.errors} />
    </>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("configuration");
  const readOnly = !loaderData.canWrite;
  const radius = { min: 10, max: 10000, step: 1, inputMode: "numeric" as const };
  return (
    <InPlaceFormPage
      title={t("settings.title")}
      note={readOnly && <p className="muted">{t("settings.readOnly")}</p>}
      saved={actionData?.ok === true}
      failure={actionData}
      values={loaderData.values}
      readOnly={readOnly}
      testId="settings-form"
    >
      {({ values, fields }) => (
        <>
          <TimeZoneSection
            value={String(values.timezone ?? "")}
            zones={loaderData.timeZones}
            errors={fields?.timezone}
          />
          <section className="card form-section">
            <h2>{t("settings.attendance.title")}</h2>
            <Checkbox
              name="attendance_enabled"
              label={t("settings.attendance.enabled")}
              values={values}
              errors={fields?.attendance_enabled}
            />
            <p className="muted">{t("settings.attendance.help")}</p>
            <div className="form-grid">
              <Field
                label={t("settings.attendance.threshold")}
                name="attendance_start_threshold"
                errors={fields?.attendance_start_threshold}
                required
                hint={t("settings.attendance.thresholdHint")}
              >
                <TimeField
                  id="attendance_start_threshold"
                  name="attendance_start_threshold"
                  defaultValue={String(values.attendance_start_threshold ?? "")}
                  required
                  aria-required
                  invalid={!!fields?.attendance_start_threshold}
                  aria-describedby={fields?.attendance_start_threshold ? "attendance_start_threshold-error" : undefined}
                />
              </Field>
            </div>
          </section>
          <section className="card form-section">
            <h2>{t("settings.jobs.title")}</h2>
            <p className="muted">{t("settings.jobs.help")}</p>
            <div className="form-grid">
              <TextField
                name="checkin_radius_m"
                type="number"
                label={t("settings.jobs.checkin")}
                values={values}
                errors={fields}
                required
                hint={t("settings.jobs.radiusHint")}
                extra={radius}
              />
              <TextField
                name="checkout_radius_m"
                type="number"
                label={t("settings.jobs.checkout")}
                values={values}
                errors={fields}
                required
                hint={t("settings.jobs.radiusHint")}
                extra={radius}
              />
            </div>
            <Checkbox
              name="self_assign_jobs"
              label={t("settings.jobs.selfAssign")}
              values={values}
              errors={fields?.self_assign_jobs}
            />
          </section>
        </>
      )}
    </InPlaceFormPage>
  );
}

function TimeZoneSection({ value, zones, errors }: { value: string; zones: string[]; errors?: string[] }) {
  const { t } = useTranslation("configuration");
  // a stored or submitted name the list lacks stays visible (and is refused with the field's message on save)
  const options = value && !zones.includes(value) ? [value, ...zones] : zones;
  return (
    <section className="card form-section">
      <h2>{t("settings.timeZone.title")}</h2>
      <p className="muted">{t("settings.timeZone.help")}</p>
      <div className="form-grid">
        <Field label={t("settings.timeZone.label")} name="timezone" errors={errors} required>
          <select
            id="timezone"
            name="timezone"
            defaultValue={value}
            required
            aria-required
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? "timezone-error" : undefined}
          >
            {options.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </section>
  );
}
