import type { NextFunction, Request, Response } from "express";
import type { AppContext } from "../context";
import { AppError } from "../errors";
import { sendError } from "./api/api-kit";

/**
 * PostgreSQL cannot store the NUL character (U+0000) in a text (nor `\u0000` in jsonb), and answers such a value
 * with an error. A request's texts are therefore refused here, before any handler: a 400 VALIDATION whose `fields`
 * name each text that holds one (docs/architecture.md, "How a request flows"). The /api side is `refuseNulTexts`;
 * the pages' side is server/http/page-guard.ts; both use `nulFields`.
 */
const NUL = "\u0000";

/** The message every refused text gets (a translation key, as the services' field messages are). */
export const NUL_MESSAGE = "errors.nulCharacter";

/** The fields of a value (a query, a JSON body, a form's entries) whose text, or name, holds a NUL: "a.b.0" paths. */
export function nulFields(value: unknown, path = "", out: Record<string, string[]> = {}): Record<string, string[]> {
  if (typeof value === "string") {
    if (value.includes(NUL)) out[path || "_"] = [NUL_MESSAGE];
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulFields(v, path ? `${path}.${i}` : String(i), out));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      if (k.includes(NUL)) out[at] = [NUL_MESSAGE];
      else nulFields(v, at, out);
    }
  }
  return out;
}

/** The entries of a form or a URL's query whose name or text holds a NUL (a form's files are bytes and may). */
export function entryNulFields(entries: Iterable<[string, FormDataEntryValue]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of entries) {
    if (name.includes(NUL) || (typeof value === "string" && value.includes(NUL))) out[name] = [NUL_MESSAGE];
  }
  return out;
}

/** The refusal of texts holding a NUL, or null when there are none. */
export function nulRefusal(fields: Record<string, string[]>): AppError | null {
  const names = Object.keys(fields);
  if (names.length === 0) return null;
  return new AppError("VALIDATION", `A text must not contain the NUL character (U+0000): ${names.join(", ")}`, {
    fields,
  });
}

/** A URL's path (decoded as the routers will decode it) holding a NUL: the field is "path". */
function pathFields(path: string): Record<string, string[]> {
  if (!/%00/.test(path)) return {};
  return { path: [NUL_MESSAGE] };
}

/** The one check of every /api text: the path, the query, and the body the JSON and urlencoded parsers read. */
export function refuseNulTexts(ctx: AppContext) {
  return (req: Request, res: Response, next: NextFunction) => {
    const fields = { ...pathFields(req.path), ...nulFields(req.query), ...nulFields(req.body) };
    const refusal = nulRefusal(fields);
    if (refusal) return sendError(ctx, req, res, refusal);
    next();
  };
}
