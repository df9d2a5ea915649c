import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, data, useNavigation } from "react-router";
import {
  newPasswordSchema,
  resetCodeSchema,
  resetEmailSchema,
} from "../../../../server/modules/password-reset/password-reset.schema";
import {
  completePasswordReset,
  requestPasswordReset,
  verifyResetCode,
} from "../../../../server/modules/password-reset/password-reset.service";
import { AuthShell } from "../components/AuthShell";
import { ResendCountdown } from "../components/ResendCountdown";
import { ResetDone } from "../components/ResetDone";
import { CodeInput, PasswordFields } from "../components/ResetFields";
import { codeErrorReply, resetBaseUrl } from "../auth.server";
import { CsrfInput, FieldErrors } from "../../../components/forms";
import { readForm } from "../../../lib/route-kit.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

type Step = "email" | "code" | "password" | "done";

/** The whole flow state travels in the answer and in hidden fields, so every step works without JavaScript. */
interface ResetState {
  step: Step;
  email: string;
  code: string;
  /** Seconds until a new code may be asked for, as of `issuedAt`. */
  resendIn: number;
  issuedAt: number;
  resent: boolean;
  result: SubmissionResult<string[]> | null;
}

function answer(patch: Partial<ResetState>, status = 200) {
  const state: ResetState = {
    step: "email",
    email: "",
    code: "",
    resendIn: 0,
    issuedAt: Date.now(),
    resent: false,
    result: null,
    ...patch,
  };
  return data(state, { status });
}

const secondsUntil = (resendAt: FormDataEntryValue | null) => {
  const at = Number(resendAt);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : 0;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, context);
  const intent = form.get("intent");
  const app = context.app;

  if (intent === "request" || intent === "resend") {
    const submission = parseWithZod(form, { schema: resetEmailSchema });
    if (submission.status !== "success") return answer({ step: "email", result: submission.reply() }, 400);
    const { email } = submission.value;
    const { resendIn, tooEarly } = await requestPasswordReset(app, email, resetBaseUrl(context, request));
    return answer({ step: "code", email, resendIn, resent: intent === "resend" && !tooEarly }, tooEarly ? 429 : 200);
  }

  if (intent === "verify") {
    const resendIn = secondsUntil(form.get("resendAt"));
    const submission = parseWithZod(form, { schema: resetCodeSchema });
    const email = String(form.get("email") ?? "");
    if (submission.status !== "success")
      return answer({ step: "code", email, resendIn, result: submission.reply() }, 400);
    try {
      await verifyResetCode(app, submission.value.email, submission.value.code);
    } catch (err) {
      return answer({ step: "code", email, resendIn, result: codeErrorReply(form, err) }, 400);
    }
    return answer({ step: "password", email: submission.value.email, code: submission.value.code });
  }

  if (intent === "complete") {
    const submission = parseWithZod(form, { schema: newPasswordSchema });
    const email = String(form.get("email") ?? "");
    const code = String(form.get("code") ?? "");
    if (submission.status !== "success") {
      const reply = submission.reply({ hideFields: ["password", "confirm_password"] });
      const codeBroken = Boolean(reply.error?.code || reply.error?.email);
      return answer({ step: codeBroken ? "code" : "password", email, code, result: reply }, 400);
    }
    try {
      await completePasswordReset(app, submission.value.email, submission.value.code, submission.value.password);
    } catch (err) {
      return answer({ step: "code", email, result: codeErrorReply(form, err) }, 400);
    }
    return answer({ step: "done", email });
  }

  return answer({ step: "email" }, 400);
}

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
