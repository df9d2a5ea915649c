import { Router } from "express";
import type { AppContext } from "../../context";
import { API_FRAGMENTS } from "../openapi/api-description";
import { openApiDocument } from "../openapi/openapi-document";

/** GET /api/openapi.json: the API description (public, like any published API reference). */
export function openApiRoutes(ctx: AppContext) {
  const r = Router();
  const doc = openApiDocument(API_FRAGMENTS, ctx.buildId);
  r.get("/api/openapi.json", (_req, res) => {
    res.json(doc);
  });
  return r;
}
