import { Readable } from "node:stream";
import type { Request } from "express";

/** Reads a multipart (or urlencoded) body with the platform's own parser. */
export async function readMultipart(req: Request): Promise<FormData> {
  const url = `http://localhost${req.originalUrl}`;
  const webReq = new globalThis.Request(url, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: Readable.toWeb(req) as unknown as BodyInit,
    duplex: "half",
  } as RequestInit);
  return webReq.formData();
}
