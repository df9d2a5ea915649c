import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AppError } from "../../../../server/errors";
import { loginSchema } from "../../../../server/modules/auth/auth.schema";
import { describeSession, loginRedirect, safeLocalPath } from "../../../../server/modules/auth/auth.service";
import { CsrfInput, FieldErrors } from "../../../components/forms";
import { signInToWeb } from "../auth.server";
import { AuthShell } from "../components/AuthShell";
import { readForm } from "../../../lib/route-kit.server";
import { clearSessionHeaders, clientMeta, sessionCookieHeaders } from "../session-cookies.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const adminHandoff = type === "admin" && (url.searchParams.has("user") || url.searchParams.has("redirect_urls"));
  const p = context.principal;
  const sso = context.app.config.oidc ? { label: context.app.config.oidc.label } : null;
  const ssoError = url.searchParams.get("error") === "sso";
  const suspended = url.searchParams.get("error") === "suspended";
  if (p && !adminHandoff) throw redirect(safeLocalPath(url.searchParams.get("next")) ?? loginRedirect(p));
  if (adminHandoff) {
    // Spec: the login redirect is skipped for type=admin with user or redirect_urls; the session is read like GET /auth/details/admin.
    if (!p)
      return data(
        { handoff: null, externalFailed: true, sso, ssoError, suspended },
        { headers: clearSessionHeaders(context) },
      );
    const details = await describeSession(context.app, p);
    const target = safeLocalPath(url.searchParams.get("redirect_urls")) ?? loginRedirect(p);
    return {
      handoff: { name: `${details.user.first_name} ${details.user.last_name}`, role: details.user.role.name, target },
      externalFailed: false,
      sso,
      ssoError,
      suspended,
    };
  }
  return { handoff: null, externalFailed: false, sso, ssoError, suspended };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400, headers: clearSessionHeaders(context) });
  }
  try {
    const next = new URL(request.url).searchParams.get("next");
    const { session, language, target } = await signInToWeb(
      context.app,
      submission.value,
      clientMeta(request, context),
      next,
    );
    return redirect(target, { headers: sessionCookieHeaders(context, session.token, session.expiresAt, language) });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const key = `errors.${err.code}`;
    return data(submission.reply({ fieldErrors: { email: [key], password: [key] }, hideFields: ["password"] }), {
      status: err.status,
      headers: clearSessionHeaders(context),
    });
  }
}

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
