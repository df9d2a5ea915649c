import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { loginSchema } from "../../../../server/modules/auth/auth.schema";
import { CsrfInput, FieldErrors } from "../../../components/forms";
import { AuthShell } from "../components/AuthShell";
import type { Route } from "./+types/login";
import { loginLoader, loginAction } from "../auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request, context }: Route.LoaderArgs) => loginLoader(request, context);

export const action = ({ request, context }: Route.ActionArgs) => loginAction(request, context);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (loaderData.handoff) {
    return (
      <AuthShell title={t("login.title")}>
        <p data-testid="admin-handoff">
          {t("login.adminHandoff", { name: loaderData.handoff.name, role: loaderData.handoff.role })}
        </p>
        <Link className="button primary" to={loaderData.handoff.target}>
          {t("common:actions.continue")}
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t("login.title")}>
      {loaderData.externalFailed && (
        <div className="alert alert-error" role="alert">
          {t("login.externalFailed")}
        </div>
      )}
      {loaderData.ssoError && (
        <div className="alert alert-error" role="alert">
          {t("login.ssoFailed")}
        </div>
      )}
      {loaderData.suspended && (
        <div className="alert alert-error" role="alert">
          {t("errors:ORGANIZATION_SUSPENDED")}
        </div>
      )}
      <Form method="post" {...getFormProps(form)} className="stack">
        <CsrfInput />
        <div className={`field${fields.email.errors ? " has-error" : ""}`}>
          <label htmlFor={fields.email.id}>{t("login.email")}</label>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="username" autoFocus />
          <FieldErrors id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div className={`field${fields.password.errors ? " has-error" : ""}`}>
          <label htmlFor={fields.password.id}>{t("login.password")}</label>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
          <FieldErrors id={fields.password.errorId} errors={fields.password.errors} />
        </div>
        <button type="submit" className="button primary" disabled={navigation.state === "submitting"}>
          {t("login.submit")}
        </button>
      </Form>
      <p>
        <Link to="/resetPassword">{t("login.forgot")}</Link>
      </p>
      {loaderData.sso && (
        <>
          <p className="divider">{t("login.or")}</p>
          <a className="button" href="/auth/sso" data-testid="sso-button">
            {t("login.sso", { label: loaderData.sso.label })}
          </a>
        </>
      )}
    </AuthShell>
  );
}
