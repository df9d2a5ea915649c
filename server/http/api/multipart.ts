import { Readable } from "node:stream";
import type { Request } from "express";
import { AppError } from "../../errors";
import { entryNulFields, nulRefusal } from "../request-text";

/**
 * Reads a multipart (or urlencoded) body with the platform's own parser: a body that cannot be read (a boundary
 * that is not the announced one) is 400 VALIDATION, as a JSON body that does not parse is (server/error-body.ts), and a
 * text field holding a NUL is 400 VALIDATION naming it, as every other /api text (request-text.ts).
 */
export async function readMultipart(req: Request): Promise<FormData> {
  const url = `http://localhost${req.originalUrl}`;
  const webReq = new globalThis.Request(url, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: Readable.toWeb(req) as unknown as BodyInit,
    duplex: "half",
  } as RequestInit);
  let form: FormData;
  try {
    form = await webReq.formData();
  } catch {
    throw new AppError("VALIDATION", "The request body is not valid JSON or form data");
  }
  const refusal = nulRefusal(entryNulFields(form));
  if (refusal) throw refusal;
  return form;
}
