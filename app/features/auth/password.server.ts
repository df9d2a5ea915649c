import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import {
  newPasswordSchema,
  resetCodeSchema,
  resetEmailSchema,
  completePasswordReset,
  requestPasswordReset,
  verifyResetCode,
} from "../../../server/modules/password-reset";
import { codeErrorReply, resetBaseUrl } from "./auth.server";
import { readForm, type LoadContext } from "../../lib/route-kit.server";

/** The page the e-mail's link opens: /newPassword?email=…&code=… */
export async function newPasswordLoader(request: Request) {
  const url = new URL(request.url);
  return { email: url.searchParams.get("email") ?? "", code: url.searchParams.get("code") ?? "" };
}

export async function newPasswordAction(request: Request, context: LoadContext) {
  const form = await readForm(request, context);
  const submission = parseWithZod(form, { schema: newPasswordSchema });
  if (submission.status !== "success") {
    return data(
      { done: false, result: submission.reply({ hideFields: ["password", "confirm_password"] }) },
      { status: 400 },
    );
  }
  const { email, code, password } = submission.value;
  try {
    await completePasswordReset(context.app, email, code, password);
  } catch (err) {
    return data({ done: false, result: codeErrorReply(form, err) }, { status: 400 });
  }
  return { done: true, result: null };
}

export type Step = "email" | "code" | "password" | "done";

/** The whole flow state travels in the answer and in hidden fields, so every step works without JavaScript. */
export interface ResetState {
  step: Step;
  email: string;
  code: string;
  /** Seconds until a new code may be asked for, as of `issuedAt`. */
  resendIn: number;
  issuedAt: number;
  resent: boolean;
  result: SubmissionResult<string[]> | null;
}

const secondsUntil = (resendAt: FormDataEntryValue | null) => {
  const at = Number(resendAt);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : 0;
};

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

export async function resetPasswordAction(request: Request, context: LoadContext) {
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
