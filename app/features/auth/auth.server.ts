import { parseWithZod } from "@conform-to/zod/v4";
import { AppError } from "../../../server/errors";
import { resetCodeSchema } from "../../../server/modules/password-reset/password-reset.schema";
import type { LoadContext } from "../../lib/route-kit.server";

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
