import { useTranslation } from "react-i18next";
import { Form, useNavigation, useSearchParams } from "react-router";
import { shownValues, TextField } from "../components/SimpleField";
import { CsrfInput, Field, FormAlert } from "../../../components/forms";
import { failureFields, formFailure } from "../../../lib/form-failure";
import type { Route } from "./+types/profile";
import { profileLoader, profileAction } from "../profile.server";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => profileLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => profileAction(request, context);

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("configuration");
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const profileFailure = formFailure(actionData, "save");
  const passwordFailure = formFailure(actionData, "password");
  const profileFields = failureFields(profileFailure);
  const passwordFields = failureFields(passwordFailure);
  const values = shownValues(loaderData.values, profileFailure);
  const busy = navigation.state === "submitting";
  return (
    <section>
      <header className="page-header">
        <h1>{t("profile.title")}</h1>
        <p className="muted">
          {loaderData.email} · {loaderData.role}
        </p>
      </header>
      {loaderData.defaultPassword && (
        <div className="alert alert-warn" role="alert" data-testid="default-password">
          {t("common:defaultPassword")}
        </div>
      )}
      {params.get("saved") && (
        <div className="alert alert-ok" role="status">
          {t("common:saved")}
        </div>
      )}
      {params.get("password") && (
        <div className="alert alert-ok" role="status">
          {t("profile.passwordChanged")}
        </div>
      )}
      <Form data-unsaved-guard method="post" noValidate className="card form-section" data-testid="profile-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="profile" />
        <h2>{t("profile.details")}</h2>
        <FormAlert code={profileFailure?.code} fields={profileFields} />
        <div className="form-grid">
          <TextField
            name="first_name"
            label={t("profile.fields.first_name")}
            values={values}
            errors={profileFields}
            required
          />
          <TextField
            name="middle_name"
            label={t("profile.fields.middle_name")}
            values={values}
            errors={profileFields}
          />
          <TextField
            name="last_name"
            label={t("profile.fields.last_name")}
            values={values}
            errors={profileFields}
            required
          />
          <TextField name="phone" type="tel" label={t("profile.fields.phone")} values={values} errors={profileFields} />
          <Field
            label={t("profile.fields.default_language")}
            name="default_language"
            errors={profileFields.default_language}
            hint={t("profile.languageHint")}
          >
            <select
              id="default_language"
              name="default_language"
              defaultValue={String(values.default_language ?? "al")}
            >
              <option value="al">{t("common:languages.al")}</option>
              <option value="en">{t("common:languages.en")}</option>
            </select>
          </Field>
        </div>
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={busy}>
            {t("common:actions.save")}
          </button>
        </div>
      </Form>
      <Form data-unsaved-guard method="post" noValidate className="card form-section" data-testid="password-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="password" />
        <h2>{t("profile.password.title")}</h2>
        <FormAlert code={passwordFailure?.code} fields={passwordFields} />
        <div className="form-grid">
          {(["current_password", "new_password", "confirm_password"] as const).map((name) => (
            <TextField
              key={name}
              name={name}
              type="password"
              label={t(`profile.password.${name}`)}
              values={{}}
              errors={passwordFields}
              required
              hint={name === "new_password" ? t("profile.password.hint") : undefined}
              extra={{ autoComplete: name === "current_password" ? "current-password" : "new-password" }}
            />
          ))}
        </div>
        <p className="muted">{t("profile.password.otherSessions")}</p>
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={busy}>
            {t("profile.password.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
