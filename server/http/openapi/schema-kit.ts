import { z, type ZodObject, type ZodType } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../../errors";
import { listQuerySchema } from "../../modules/shared/listing";

/**
 * Small builders for the API description. Request bodies and query parameters come from the zod schemas the
 * routes parse with (zod's own z.toJSONSchema, docs/decisions.md); answers are JSON Schema written here, checked
 * against every answer the API tests receive (tests/support/api-contract.ts).
 */
type Json = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12, as the route reads it (`io: "input"`: defaults optional, coercions open). */
export function fromZod(schema: ZodType, io: "input" | "output" = "input"): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete out.$schema;
  return out;
}

/** The query parameters a zod object reads. */
export function queryFromZod(schema: ZodObject, descriptions: Record<string, string> = {}) {
  const json = fromZod(schema) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema: s,
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
  }));
}

/** Paging, search and sort of every list (server/modules/shared/listing.ts). */
export const listParams = () =>
  queryFromZod(listQuerySchema, {
    q: "search text",
    page: "1-based page",
    size: "rows per page (5-200)",
    sort: "a column the list sorts by",
  });

export const pathParam = (name: string, description?: string, format = "uuid") => ({
  name,
  in: "path",
  required: true,
  schema: format ? { type: "string", format } : { type: "string" },
  ...(description ? { description } : {}),
});

// --- answer shapes ---------------------------------------------------------------------------------------------
const OPTIONAL = Symbol("optional");
type Prop = Json & { [OPTIONAL]?: true };

export const S = {
  str: { type: "string" } as Json,
  strN: { type: ["string", "null"] } as Json,
  int: { type: "integer" } as Json,
  intN: { type: ["integer", "null"] } as Json,
  num: { type: "number" } as Json,
  numN: { type: ["number", "null"] } as Json,
  bool: { type: "boolean" } as Json,
  boolN: { type: ["boolean", "null"] } as Json,
  uuid: { type: "string", format: "uuid" } as Json,
  uuidN: { type: ["string", "null"], format: "uuid" } as Json,
  dt: { type: "string", format: "date-time" } as Json,
  dtN: { type: ["string", "null"], format: "date-time" } as Json,
  date: { type: "string", format: "date" } as Json,
  dateN: { type: ["string", "null"], format: "date" } as Json,
  any: {} as Json,
  anyObject: { type: "object" } as Json,
  enum: (values: readonly unknown[]) => ({ enum: [...values] }) as Json,
  arr: (items: Json) => ({ type: "array", items }) as Json,
  nullable: (s: Json) => ({ anyOf: [s, { type: "null" }] }) as Json,
  ref: (name: string) => ({ $ref: `#/components/schemas/${name}` }) as Json,
  /** A property that may be missing. */
  opt: (s: Json): Prop => Object.assign({ ...s }, { [OPTIONAL]: true as const }),
};

/** An object whose properties are all required (unless S.opt) and that has no others: a new field is a change. */
export function obj(props: Record<string, Prop>, description?: string): Json {
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const [k, v] of Object.entries(props)) {
    const { [OPTIONAL]: optional, ...rest } = v;
    properties[k] = rest;
    if (!optional) required.push(k);
  }
  return {
    type: "object",
    properties,
    required,
    additionalProperties: false,
    ...(description ? { description } : {}),
  };
}

/** A page of a list (toPage), with extra top-level fields when the list has them. */
export const page = (items: Json, extra: Record<string, Prop> = {}) =>
  obj({ items: S.arr(items), total: S.int, page: S.int, size: S.int, pages: S.int, ...extra });

// --- operations --------------------------------------------------------------------------------------------------
export type Security = "session" | "public" | "apiKey";

export interface OperationSpec {
  tag: string;
  /** a write (not GET): cookie sessions need the CSRF header */
  write?: boolean;
  summary: string;
  description?: string;
  /** the permission the route checks, shown in the description */
  permission?: string;
  security?: Security;
  params?: Json[];
  query?: ZodObject | Json[];
  /** a zod schema (converted) or JSON Schema */
  body?: ZodType | Json;
  bodyContentType?: string;
  /** status and schema of the success answer; no schema for an empty answer */
  ok?: { status?: number; schema?: Json; description?: string; contentType?: string };
  /** error codes beyond the ones every operation of its kind can answer */
  errors?: ErrorCode[];
}

const SECURITY: Record<Security, Json[]> = {
  session: [{ bearer: [] }, { session: [] }],
  public: [],
  apiKey: [{ apiKey: [] }],
};

/** The error responses of some codes, grouped by HTTP status; each lists its codes and checks them. */
export function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, string[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, Json> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: `Error: ${list.join(", ")}`,
      content: {
        "application/json": {
          schema: { allOf: [S.ref("Error"), { type: "object", properties: { error: { enum: list } } }] },
        },
      },
    };
  }
  return out;
}

const isZod = (v: unknown): v is ZodType => v instanceof z.ZodType;

/** One OpenAPI operation object. */
export function operation(spec: OperationSpec): Json {
  const security = spec.security ?? "session";
  const query = spec.query ? (Array.isArray(spec.query) ? spec.query : queryFromZod(spec.query)) : [];
  const params = [...(spec.params ?? []), ...query];
  const codes: ErrorCode[] = [];
  if (security === "session") codes.push("UNAUTHENTICATED", "FORBIDDEN");
  if (security === "session" && spec.write) codes.push("CSRF");
  if (security === "apiKey") codes.push("UNAUTHENTICATED", "RATE_LIMITED");
  if (spec.body || spec.query) codes.push("VALIDATION");
  if (spec.params?.some((p) => p.in === "path")) codes.push("NOT_FOUND");
  codes.push(...(spec.errors ?? []));
  const ok = spec.ok ?? {};
  const okStatus = ok.status ?? (ok.schema ? 200 : 204);
  const okResponse = ok.schema
    ? {
        description: ok.description ?? "OK",
        content: { [ok.contentType ?? "application/json"]: { schema: ok.schema } },
      }
    : { description: ok.description ?? "Done, no content" };
  const description = [spec.description, spec.permission ? `Needs the permission \`${spec.permission}\`.` : null]
    .filter(Boolean)
    .join("\n\n");
  return {
    tags: [spec.tag],
    summary: spec.summary,
    ...(description ? { description } : {}),
    ...(security !== "session" ? { security: SECURITY[security] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: {
              [spec.bodyContentType ?? "application/json"]: {
                schema: isZod(spec.body) ? fromZod(spec.body) : spec.body,
              },
            },
          },
        }
      : {}),
    responses: { [String(okStatus)]: okResponse, ...errorResponses(codes) },
  };
}

export const SESSION_SECURITY = SECURITY.session;

/**
 * Path items from `"<method> <express path>"` keys: `:name` becomes `{name}`, a UUID path parameter unless the
 * operation lists it.
 */
export function apiPaths(tag: string, defs: Record<string, Omit<OperationSpec, "tag">>) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [key, spec] of Object.entries(defs)) {
    const [method, expressPath] = key.split(" ");
    const names = [...expressPath.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
    const given = new Set((spec.params ?? []).filter((p) => p.in === "path").map((p) => p.name));
    const params = [...names.filter((n) => !given.has(n)).map((n) => pathParam(n)), ...(spec.params ?? [])];
    const path = expressPath.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    out[path] = {
      ...(out[path] ?? {}),
      [method.toLowerCase()]: operation({ ...spec, tag, params, write: method.toLowerCase() !== "get" }),
    };
  }
  return out;
}
