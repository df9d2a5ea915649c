/** A module's part of the API description: OpenAPI 3.1 path items keyed by path ("/api/…"). */
export type ApiPaths = Record<string, Record<string, unknown>>;

/** A module's reusable schemas (components.schemas), referenced as { $ref: "#/components/schemas/<Name>" }. */
export type ApiSchemas = Record<string, unknown>;

export interface ApiFragment {
  tag: string;
  description: string;
  paths: ApiPaths;
  schemas?: ApiSchemas;
}

/** The error body every endpoint answers with (server/error-body.ts). */
const ERROR_SCHEMA = {
  type: "object",
  required: ["error", "message", "status"],
  properties: {
    error: {
      type: "string",
      description: "stable error code (docs: locales/*/errors.json)",
      examples: ["VEHICLE_OVERLAP"],
    },
    message: { type: "string" },
    status: { type: "integer" },
    fields: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
    details: { type: "object" },
  },
};

const ERROR_REF = { $ref: "#/components/responses/Error" };
const METHODS = ["get", "post", "put", "patch", "delete"];

/**
 * The answers any operation of its kind can give, where a fragment does not list them: 401 and 403 when it needs
 * sign-in, 404 with a path parameter, 400 when it reads a body, query parameters or a path parameter.
 */
function withCommonErrors(path: string, item: Record<string, unknown>) {
  const pathParams = /\{[^}]+\}/.test(path);
  for (const m of METHODS) {
    const op = item[m] as
      | {
          security?: unknown[];
          responses?: Record<string, unknown>;
          requestBody?: unknown;
          parameters?: Array<{ in?: string }>;
        }
      | undefined;
    if (!op) continue;
    const responses = (op.responses ??= {});
    const add = (status: number) => {
      responses[status] ??= ERROR_REF;
    };
    if (!op.security || op.security.length > 0) [401, 403].forEach(add);
    if (pathParams) add(404);
    // a path parameter is a text too: one holding a NUL is a 400 (server/http/request-text.ts)
    if (pathParams || op.requestBody || op.parameters?.some((p) => p.in === "query")) add(400);
  }
  return item;
}

/** Builds the whole description from the modules' fragments (listed in api-description.ts). */
export function openApiDocument(fragments: readonly ApiFragment[], version: string) {
  const paths: ApiPaths = {};
  const schemas: ApiSchemas = { Error: ERROR_SCHEMA };
  for (const f of fragments) {
    for (const [path, item] of Object.entries(f.paths))
      paths[path] = withCommonErrors(path, { ...(paths[path] ?? {}), ...structuredClone(item) });
    Object.assign(schemas, f.schemas ?? {});
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Flota API",
      version,
      description:
        "The API of the web app and the mobile app. Sign in with POST /api/auth/login and send the access token as a Bearer token (the web app's session cookie works too; its writes need the X-CSRF-Token header). Integrations send their key in X-Api-Key. Errors answer with the Error body and a stable code. Versioning and deprecation: docs/api.md.",
    },
    tags: fragments.map((f) => ({ name: f.tag, description: f.description })),
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "the access_token of POST /api/auth/login" },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "flota_session",
          description:
            "the web app's session; writes also need the X-CSRF-Token header (the flota_csrf cookie's value)",
        },
        apiKey: { type: "apiKey", in: "header", name: "X-Api-Key", description: "integration keys (api/integrations)" },
      },
      schemas,
      responses: {
        Error: {
          description: "An error with its stable code",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    },
    security: [{ bearer: [] }, { session: [] }],
    paths,
  };
}
