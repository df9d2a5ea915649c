import { ZodError } from "zod";
import { AppError } from "../errors";

export interface ErrorBody {
  error: string;
  message: string;
  status: number;
  fields?: Record<string, string[]>;
  details?: Record<string, unknown>;
}

/** The one place where errors become HTTP answers (spec section 8: 409 bodies carry error and message). */
export function toErrorBody(err: unknown): ErrorBody {
  if (err instanceof AppError) {
    return {
      error: err.code,
      message: err.message,
      status: err.status,
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
