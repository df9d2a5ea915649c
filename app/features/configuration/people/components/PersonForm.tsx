import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { DateField } from "../../../../components/dates";
import { CsrfInput, Field, FieldErrors, FormAlert } from "../../../../components/forms";
import { failureFields, failureValues, formFailure } from "../../../../lib/form-failure";

type Values = Record<string, unknown>;

export interface PersonFormOptions {
  roles: { id: string; key: string; name: string }[];
  teams: { id: string; name: string }[];
  vehicles: { id: string; registration: string }[];
}

const text = (v: Values, key: string) => (typeof v[key] === "string" ? (v[key] as string) : "");
/** A checkbox after a hidden "false" posts both values: the last one counts. */
const flag = (v: Values, key: string) => {
  const value = Array.isArray(v[key]) ? (v[key] as unknown[]).at(-1) : v[key];
  return value === true || value === "on" || value === "true";
};
const list = (value: unknown): string[] => (Array.isArray(value) ? value : typeof value === "string" ? [value] : []);

/** Add and edit form of a driver or user; posts without JavaScript and keeps typed values after an error. */
export function PersonForm(props: {
  area: "drivers" | "users";
  person: Values | null;
  options: PersonFormOptions;
  /** The action's answer; a failure shows its code, field errors and the typed values. */
  failure?: unknown;
  readOnly?: boolean;
}) {
  const { t } = useTranslation("people");
  const navigation = useNavigation();
  const { area, person, options, readOnly } = props;
  const failure = formFailure(props.failure);
  const fields = failureFields(failure);
  const submitted = failureValues(failure);
  const driverRole = area === "drivers" ? options.roles.find((r) => r.key === "driver")?.id : undefined;
  const defaults: Values = person ?? {
    is_driver: area === "drivers",
    role_id: driverRole,
    active: true,
    vehicle_access: "all",
    default_language: "al",
  };
  const v: Values = submitted ?? defaults;
  const errors = (name: string) => fields[name];
  const isUsers = area === "users";
  const selected = new Set(list(v.vehicle_ids));
  const input = (name: string, type = "text", extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input
      id={name}
      name={name}
      type={type}
      defaultValue={text(v, name)}
      aria-invalid={errors(name) ? true : undefined}
      aria-describedby={errors(name) ? `${name}-error` : undefined}
      {...extra}
    />
  );

  return (
    <Form data-unsaved-guard method="post" noValidate data-testid="person-form">
      <CsrfInput />
      <FormAlert code={failure?.code} fields={fields} />
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
        <section className="form-section">
          <h2>{t("form.personal")}</h2>
          <div className="form-grid">
            <Field label={t("fields.first_name")} name="first_name" errors={errors("first_name")} required>
              {input("first_name", "text", { autoComplete: "given-name", "aria-required": true })}
            </Field>
            <Field label={t("fields.middle_name")} name="middle_name" errors={errors("middle_name")}>
              {input("middle_name", "text", { autoComplete: "additional-name" })}
            </Field>
            <Field label={t("fields.last_name")} name="last_name" errors={errors("last_name")} required>
              {input("last_name", "text", { autoComplete: "family-name", "aria-required": true })}
            </Field>
            <Field label={t("fields.birthday")} name="birthday" errors={errors("birthday")} hint={t("form.dateHint")}>
              <DateField
                id="birthday"
                name="birthday"
                defaultValue={text(v, "birthday")}
                invalid={!!errors("birthday")}
                autoComplete="bday"
                aria-describedby={errors("birthday") ? "birthday-error" : undefined}
              />
            </Field>
            <Field label={t("fields.personal_number")} name="personal_number" errors={errors("personal_number")}>
              {input("personal_number")}
            </Field>
            <Field label={t("fields.phone")} name="phone" errors={errors("phone")}>
              {input("phone", "tel", { autoComplete: "tel" })}
            </Field>
          </div>
        </section>
        <section className="form-section">
          <h2>{t("form.account")}</h2>
          <div className="form-grid">
            <Field label={t("fields.email")} name="email" errors={errors("email")} required={isUsers}>
              {input("email", "email", { autoComplete: "off", "aria-required": isUsers || undefined })}
            </Field>
            <Field
              label={t("fields.password")}
              name="password"
              errors={errors("password")}
              hint={person ? t("form.passwordKeep") : t("form.passwordHint")}
            >
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="new-password"
                aria-invalid={errors("password") ? true : undefined}
              />
            </Field>
            <Field label={t("fields.role")} name="role_id" errors={errors("role_id")} required>
              <select id="role_id" name="role_id" defaultValue={text(v, "role_id")} aria-required>
                <option value="">{t("form.choose")}</option>
                {options.roles.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t("fields.team")} name="team_id" errors={errors("team_id")}>
              <select id="team_id" name="team_id" defaultValue={text(v, "team_id")}>
                <option value="">{t("form.noTeam")}</option>
                {options.teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </select>
            </Field>
            {isUsers && (
              <Field label={t("fields.default_language")} name="default_language" errors={errors("default_language")}>
                <select
                  id="default_language"
                  name="default_language"
                  defaultValue={text(v, "default_language") || "al"}
                >
                  <option value="al">{t("common:languages.al")}</option>
                  <option value="en">{t("common:languages.en")}</option>
                </select>
              </Field>
            )}
          </div>
          <div className="stack">
            <label className="field checkbox">
              <input type="checkbox" name="is_driver" defaultChecked={flag(v, "is_driver")} /> {t("fields.is_driver")}
            </label>
            {isUsers && (
              <>
                <label className="field checkbox">
                  <input type="checkbox" name="web_only" defaultChecked={flag(v, "web_only")} /> {t("fields.web_only")}
                </label>
                <input type="hidden" name="active" value="false" />
                <label className="field checkbox">
                  <input type="checkbox" name="active" value="true" defaultChecked={flag(v, "active")} />{" "}
                  {t("fields.active")}
                </label>
              </>
            )}
          </div>
        </section>
        {isUsers && (
          <section className="form-section">
            <h2>{t("fields.vehicle_access")}</h2>
            <div className="stack" role="radiogroup" aria-label={t("fields.vehicle_access")}>
              <label className="field checkbox">
                <input
                  type="radio"
                  name="vehicle_access"
                  value="all"
                  defaultChecked={text(v, "vehicle_access") !== "selected"}
                />{" "}
                {t("form.allVehicles")}
              </label>
              <label className="field checkbox">
                <input
                  type="radio"
                  name="vehicle_access"
                  value="selected"
                  defaultChecked={text(v, "vehicle_access") === "selected"}
                />{" "}
                {t("form.selectedVehicles")}
              </label>
            </div>
            <p className="muted">{t("form.vehicleAccessHint")}</p>
            <div className="checklist" data-testid="vehicle-checklist">
              {options.vehicles.map((veh) => (
                <label key={veh.id}>
                  <input type="checkbox" name="vehicle_ids" value={veh.id} defaultChecked={selected.has(veh.id)} />{" "}
                  {veh.registration}
                </label>
              ))}
              {options.vehicles.length === 0 && <span className="muted">{t("form.noVehicles")}</span>}
            </div>
            <FieldErrors id="vehicle_ids-error" errors={errors("vehicle_ids")} />
          </section>
        )}
      </fieldset>
      <div className="form-actions">
        {!readOnly && (
          <button type="submit" className="button primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? t("common:actions.saving") : t("common:actions.save")}
          </button>
        )}
        <Link to={`/configuration/${area}/list`} className="button">
          {t("common:actions.back")}
        </Link>
      </div>
    </Form>
  );
}
