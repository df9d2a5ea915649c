import { parseWithZod } from "@conform-to/zod/v4";
import { AppError } from "../../../server/errors";
import type { LoginInput } from "../../../server/modules/auth/auth.schema";
import { authenticate, issueSession, landingFor, type SessionMeta } from "../../../server/modules/auth/auth.service";
import { resetCodeSchema } from "../../../server/modules/password-reset/password-reset.schema";
import { recordSignIn } from "../../../server/modules/users/users.service";
import type { AppContext } from "../../../server/context";
import type { LoadContext } from "../../lib/route-kit.server";

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
