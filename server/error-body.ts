import { ZodError } from "zod";
import { AppError } from "./errors";

export interface ErrorBody {
  error: string;
  message: string;
  status: number;
  fields?: Record<string, string[]>;
  details?: Record<string, unknown>;
}

/**
 * PostgreSQL's refusal of a text it cannot store (SQLSTATE 22021: a NUL in a text; 22P05: `\u0000` in jsonb),
 * as a 400: the last line of defence behind the request checks (server/http/request-text.ts), for texts that no
 * request field carries, such as the content of an imported file.
 */
export function databaseTextRefusal(err: unknown): AppError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code !== "22021" && code !== "22P05") return null;
  return new AppError("VALIDATION", "A text holds a character that cannot be stored (NUL, U+0000)");
}

/** The one place where errors become HTTP answers (spec section 8: 409 bodies carry error and message). */
export function toErrorBody(err: unknown): ErrorBody {
  err = databaseTextRefusal(err) ?? err;
  if (err instanceof AppError) {
    // a service's field messages (details.fields) are the answer's `fields`, as a failed parse's are
    const fields = err.details?.fields as Record<string, string[]> | undefined;
    return {
      error: err.code,
      message: err.message,
      status: err.status,
      ...(fields && typeof fields === "object" ? { fields } : {}),
      ...(err.details ? { details: err.details } : {}),
    };
  }
  // Body parser failures: a malformed or oversized body is the caller's mistake, not ours.
  const parserType = (err as { type?: unknown } | null)?.type;
  if (parserType === "entity.parse.failed")
    return { error: "VALIDATION", message: "The request body is not valid JSON or form data", status: 400 };
  if (parserType === "entity.too.large")
    return { error: "PAYLOAD_TOO_LARGE", message: "The request body is too large", status: 413 };
  if (err instanceof ZodError) {
    const fields: Record<string, string[]> = {};
    for (const issue of err.issues) {
      const key = issue.path.join(".") || "_";
      (fields[key] ??= []).push(issue.message);
    }
    return { error: "VALIDATION", message: "please fill all fields", status: 400, fields };
  }
  return { error: "INTERNAL", message: "Something went wrong!", status: 500 };
}
