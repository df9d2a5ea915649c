import { parseWithZod } from "@conform-to/zod/v4";
import { AppError } from "../../../server/errors";
import {
  type LoginInput,
  authenticate,
  issueSession,
  landingFor,
  type SessionMeta,
  loginSchema,
  describeSession,
  loginRedirect,
  safeLocalPath,
  endSession,
} from "../../../server/modules/auth";
import { resetCodeSchema } from "../../../server/modules/password-reset";
import { recordSignIn, setNavCollapsed } from "../../../server/modules/users";
import type { AppContext } from "../../../server/context";
import { type LoadContext, readForm } from "../../lib/route-kit.server";
import { data, redirect } from "react-router";
import { clearSessionHeaders, clientMeta, sessionCookieHeaders } from "./session-cookies.server";
import { SUPPORT_RETURN_COOKIE, supportReturnToken } from "../admin/support-cookies.server";
import { clearCookie, LANGUAGE_COOKIE, serializeCookie } from "../../../server/security/cookies";
import { isLanguage } from "../../i18n/config";

/** The sign-in form: checks the password, opens a web session and says where to go and in which language. */
export async function signInToWeb(ctx: AppContext, input: LoginInput, meta: SessionMeta, next?: string | null) {
  const user = await authenticate(ctx, input, meta);
  const session = await issueSession(ctx, user, "web", meta);
  await recordSignIn(ctx, user.id);
  return { session, language: user.default_language, target: await landingFor(ctx, user, next, meta.userAgent) };
}

/** Where the e-mail's link points: PUBLIC_URL when configured, else the origin the request came to. */
export function resetBaseUrl(context: LoadContext, request: Request): string {
  return (context.app.config.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
}

/** A wrong, expired or blocked code becomes a translated error beside the code field; other errors propagate. */
export function codeErrorReply(form: FormData, err: unknown) {
  if (!(err instanceof AppError) || (err.code !== "RESET_CODE_INVALID" && err.code !== "RESET_CODE_EXPIRED")) throw err;
  const submission = parseWithZod(form, { schema: resetCodeSchema });
  return submission.reply({
    fieldErrors: { code: [`errors.${err.code}`] },
    hideFields: ["password", "confirm_password"],
  });
}

export async function loginLoader(request: Request, context: LoadContext) {
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

export async function loginAction(request: Request, context: LoadContext) {
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

export async function logoutAction(request: Request, context: LoadContext) {
  await readForm(request, context);
  await endSession(context.app, context.sessionToken);
  const headers = clearSessionHeaders(context);
  // Signing out of a support session signs the installation administrator out as well (it ends with their session).
  const supportReturn = supportReturnToken(request);
  if (supportReturn) {
    await endSession(context.app, supportReturn);
    headers.append("Set-Cookie", clearCookie(SUPPORT_RETURN_COOKIE, context.app.config.secureCookies));
  }
  return redirect("/login", { headers });
}

/**
 * Language switch and hiding the mobile banner: cookies only, so they work before sign-in too. The side navigation
 * folded to icons is kept with the signed-in user, so it follows them to every device.
 */
export async function preferencesAction(request: Request, context: LoadContext) {
  const form = await readForm(request, context);
  const secure = context.app.config.secureCookies;
  const headers = new Headers();
  const lng = form.get("lng");
  if (form.get("intent") === "language" && isLanguage(lng)) {
    headers.append(
      "Set-Cookie",
      serializeCookie(LANGUAGE_COOKIE, lng, { secure, maxAge: 365 * 86400, httpOnly: false }),
    );
  }
  if (form.get("intent") === "nav" && context.principal) {
    await setNavCollapsed(context.app, context.principal, form.get("collapsed") === "1");
  }
  if (form.get("intent") === "dismiss-banner") {
    headers.append("Set-Cookie", serializeCookie("banner_dismissed", "1", { secure, maxAge: 30 * 86400 }));
  }
  const back =
    safeLocalPath(String(form.get("returnTo") ?? "")) ??
    safeLocalPath(new URL(request.headers.get("referer") ?? "/", request.url).pathname) ??
    "/manage";
  return redirect(back, { headers });
}
