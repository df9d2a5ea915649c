import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { newPasswordSchema } from "../../../../server/modules/password-reset/password-reset.schema";
import { AuthShell } from "../components/AuthShell";
import { ResetDone } from "../components/ResetDone";
import { CodeInput, PasswordFields } from "../components/ResetFields";
import { CsrfInput, FieldErrors } from "../../../components/forms";
import type { Route } from "./+types/new-password";
import { newPasswordLoader, newPasswordAction } from "../password.server";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const loader = ({ request }: Route.LoaderArgs) => newPasswordLoader(request);

export const action = ({ request, context }: Route.ActionArgs) => newPasswordAction(request, context);

export default function NewPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "new-password",
    lastResult: actionData?.result ?? null,
    defaultValue: { email: loaderData.email, code: loaderData.code },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (actionData?.done) {
    return (
      <AuthShell title={t("newPassword.title")}>
        <ResetDone />
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t("newPassword.title")}>
      <Form method="post" {...getFormProps(form)} className="stack" data-step="password">
        <CsrfInput />
        <p>{t("newPassword.intro")}</p>
        <div className={`field${fields.email.errors ? " has-error" : ""}`}>
          <label htmlFor={fields.email.id}>{t("login.email")}</label>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="username" />
          <FieldErrors id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <CodeInput field={fields.code} />
        <PasswordFields password={fields.password} confirm={fields.confirm_password} />
        <button type="submit" className="button primary" disabled={busy}>
          {t("reset.setPassword")}
        </button>
      </Form>
      <p>
        <Link to="/resetPassword">{t("newPassword.newCode")}</Link>
      </p>
      <p>
        <Link to="/login">{t("reset.backToLogin")}</Link>
      </p>
    </AuthShell>
  );
}
