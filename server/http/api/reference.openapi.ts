import type { ApiFragment } from "../openapi/openapi-document";
import { apiPaths, S } from "../openapi/schema-kit";

/** The description itself and its browsable form. */
export const referenceApi: ApiFragment = {
  tag: "reference",
  description: "This description as OpenAPI 3.1 JSON, and the same as a readable page.",
  paths: apiPaths("reference", {
    "GET /api/openapi.json": {
      security: "public",
      summary: "The API description (OpenAPI 3.1)",
      ok: { schema: { type: "object", required: ["openapi", "paths"], properties: { openapi: S.str } } },
    },
    "GET /api/docs": {
      security: "public",
      summary: "The API reference as a web page, in the reader's language (lang=al or en)",
      params: [{ name: "lang", in: "query", required: false, schema: S.enum(["al", "en"]) }],
      ok: { schema: { type: "string" }, contentType: "text/html" },
    },
  }),
};
