import type { ApiFragment } from "../openapi/openapi-document";
import { SEARCH_KINDS, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, SEARCH_PER_KIND } from "../../modules/search";

/** /api/search: one search over the records the user may open (docs/navigation.md). */
export const searchApi: ApiFragment = {
  tag: "search",
  description:
    "One search box over vehicles, drivers, users, places, geofences, transport orders, route jobs and bookings.",
  paths: {
    "/api/search": {
      get: {
        tags: ["search"],
        summary: `Records whose names, numbers or identifiers contain the words, at most ${SEARCH_PER_KIND} per kind`,
        description: `Fewer than ${SEARCH_MIN_LENGTH} characters find nothing; more than ${SEARCH_MAX_LENGTH} are refused (400 VALIDATION naming q). Kinds the user's role may not read, and kinds without a match, are left out. Every kind applies its own list's scope (organisation, teams, allowed vehicles).`,
        parameters: [
          { name: "q", in: "query", required: true, schema: { type: "string", maxLength: SEARCH_MAX_LENGTH } },
        ],
        responses: {
          200: {
            description: "Matches grouped by kind",
            content: { "application/json": { schema: { $ref: "#/components/schemas/SearchResult" } } },
          },
          default: { $ref: "#/components/responses/Error" },
        },
      },
    },
  },
  schemas: {
    SearchResult: {
      type: "object",
      required: ["q", "groups"],
      properties: {
        q: { type: "string" },
        groups: {
          type: "array",
          items: {
            type: "object",
            required: ["kind", "total", "hits", "moreHref"],
            properties: {
              kind: { type: "string", enum: [...SEARCH_KINDS] },
              total: { type: "integer", description: "every match in scope; hits are the first few" },
              moreHref: { type: "string", description: "the kind's own list filtered by the same words" },
              hits: {
                type: "array",
                items: {
                  type: "object",
                  required: ["id", "title", "detail", "href"],
                  properties: {
                    id: { type: "string", format: "uuid" },
                    title: { type: "string" },
                    detail: { type: "string" },
                    href: { type: "string", description: "the web page that opens it" },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};
