import { Router, type Request } from "express";
import type { AppContext } from "../../context";
import { LANGUAGE_COOKIE } from "../../security/cookies";
import { API_FRAGMENTS } from "../openapi/api-description";
import { renderApiDocs } from "../openapi/api-docs-page";
import { openApiDocument } from "../openapi/openapi-document";

const isLanguage = (v: unknown): v is "al" | "en" => v === "al" || v === "en";

/** The reader's language: ?lang (or ?lng), the lng cookie, the signed-in user's language, then Albanian. */
function readerLanguage(req: Request): "al" | "en" {
  for (const v of [req.query.lang, req.query.lng, req.cookies?.[LANGUAGE_COOKIE], req.principal?.language])
    if (isLanguage(v)) return v;
  return "al";
}

/** GET /api/openapi.json: the API description, and GET /api/docs: the same as a page (both public). */
export function openApiRoutes(ctx: AppContext) {
  const r = Router();
  const doc = openApiDocument(API_FRAGMENTS, ctx.buildId);
  const pages = { al: renderApiDocs(doc, "al"), en: renderApiDocs(doc, "en") };
  r.get("/api/openapi.json", (_req, res) => {
    res.json(doc);
  });
  r.get("/api/docs", (req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Vary", "Cookie");
    res.send(pages[readerLanguage(req)]);
  });
  return r;
}
