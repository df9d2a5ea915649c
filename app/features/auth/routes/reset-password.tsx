import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import {
  newPasswordSchema,
  resetCodeSchema,
  resetEmailSchema,
} from "../../../../server/modules/password-reset/password-reset.schema";
import { AuthShell } from "../components/AuthShell";
import { ResendCountdown } from "../components/ResendCountdown";
import { ResetDone } from "../components/ResetDone";
import { CodeInput, PasswordFields } from "../components/ResetFields";
import { CsrfInput, FieldErrors } from "../../../components/forms";
import type { Route } from "./+types/reset-password";
import { resetPasswordAction, type ResetState } from "../password.server";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export const action = ({ request, context }: Route.ActionArgs) => resetPasswordAction(request, context);

function EmailStep({ state }: { state: ResetState }) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reset-email",
    lastResult: state.step === "email" ? state.result : null,
    defaultValue: { email: state.email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetEmailSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="stack" data-step="email">
      <CsrfInput />
      <input type="hidden" name="intent" value="request" />
      <p>{t("reset.emailStep")}</p>
      <div className={`field${fields.email.errors ? " has-error" : ""}`}>
        <label htmlFor={fields.email.id}>{t("login.email")}</label>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="username" autoFocus />
        <FieldErrors id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <button type="submit" className="button primary" disabled={busy}>
        {t("reset.send")}
      </button>
    </Form>
  );
}

function CodeStep({ state }: { state: ResetState }) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reset-code",
    lastResult: state.result,
    defaultValue: { email: state.email, code: state.code },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="stack" data-step="code">
      {state.resent && (
        <div className="alert alert-ok" role="status">
          {t("reset.resent")}
        </div>
      )}
      <Form method="post" {...getFormProps(form)} className="stack">
        <CsrfInput />
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="email" value={state.email} />
        <input type="hidden" name="resendAt" value={state.issuedAt + state.resendIn * 1000} />
        <p>{t("reset.codeStep", { email: state.email })}</p>
        <CodeInput field={fields.code} />
        <FieldErrors errors={fields.email.errors} />
        <button type="submit" className="button primary" disabled={busy} data-testid="verify">
          {t("reset.verify")}
        </button>
      </Form>
      <ResendCountdown email={state.email} seconds={state.resendIn} issuedAt={state.issuedAt} />
      <p>
        <Link to="/resetPassword">{t("reset.otherEmail")}</Link>
      </p>
    </div>
  );
}

function PasswordStep({ state }: { state: ResetState }) {
  const { t } = useTranslation("auth");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: state.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="stack" data-step="password">
      <CsrfInput />
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="email" value={state.email} />
      <input type="hidden" name="code" value={state.code} />
      <p>{t("reset.passwordStep")}</p>
      <PasswordFields password={fields.password} confirm={fields.confirm_password} />
      <button type="submit" className="button primary" disabled={busy}>
        {t("reset.setPassword")}
      </button>
    </Form>
  );
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const state: ResetState | undefined = actionData;
  const key = state ? `${state.step}-${state.issuedAt}` : "start";
  return (
    <AuthShell title={t("reset.title")}>
      {(!state || state.step === "email") && (
        <EmailStep
          key={key}
          state={state ?? { step: "email", email: "", code: "", resendIn: 0, issuedAt: 0, resent: false, result: null }}
        />
      )}
      {state?.step === "code" && <CodeStep key={key} state={state} />}
      {state?.step === "password" && <PasswordStep key={key} state={state} />}
      {state?.step === "done" && <ResetDone />}
      {state?.step !== "done" && (
        <p>
          <Link to="/login">{t("reset.backToLogin")}</Link>
        </p>
      )}
    </AuthShell>
  );
}
