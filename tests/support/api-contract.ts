import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

/**
 * Every answer an API test receives from /api is checked against /api/openapi.json: the status must be one the
 * route documents, and a JSON body must match the documented schema of that status. A mismatch throws from the
 * fetch call, so the test that made it fails with the route, the status and what differs.
 */
type Json = Record<string, unknown>;
interface Route {
  method: string;
  template: string;
  re: RegExp;
  params: number;
  op: Json;
}

const DOC_ID = "https://flota.test/openapi.json";
const METHODS = ["get", "post", "put", "patch", "delete"];
// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

let state: { doc: Json; routes: Route[]; ajv: Ajv2020; cache: Map<string, ValidateFunction> } | null = null;

/** Loaded on the first /api answer: test files that never call the API do not pay for the document. */
async function load() {
  if (state) return state;
  const { API_FRAGMENTS } = await import("../../server/http/openapi/api-description");
  const { openApiDocument } = await import("../../server/http/openapi/openapi-document");
  // refs point into this document; a base id lets each response schema be compiled on its own
  const doc = JSON.parse(
    JSON.stringify(openApiDocument(API_FRAGMENTS, "test")).replaceAll('"#/components/', `"${DOC_ID}#/components/`),
  ) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: { schemas: (doc.components as Json).schemas } });
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      if (!item[method]) continue;
      const re = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`);
      routes.push({ method, template, re, params: (template.match(/\{/g) ?? []).length, op: item[method] as Json });
    }
  }
  // a literal segment wins over a parameter (/api/devices/unknown before /api/devices/{id}), as Express orders them
  routes.sort((a, b) => a.params - b.params);
  state = { doc, routes, ajv, cache: new Map() };
  return state;
}

function resolveResponse(doc: Json, r: Json): Json {
  if (typeof r.$ref !== "string") return r;
  const name = r.$ref.split("/").pop()!;
  return ((doc.components as Json).responses as Record<string, Json>)[name];
}

export class ApiContractError extends Error {}

/** Checks one answer; throws ApiContractError when it is not what the document says. */
export async function checkApiAnswer(method: string, url: URL, res: Response): Promise<void> {
  const { doc, routes, ajv, cache } = await load();
  const m = method.toLowerCase();
  const route = routes.find((r) => r.method === m && r.re.test(url.pathname));
  const where = `${method.toUpperCase()} ${url.pathname} → ${res.status}`;
  const contentType = (res.headers.get("content-type") ?? "").split(";")[0].trim();
  if (!route) {
    // any other path under /api answers NOT_FOUND (server/http/app.ts)
    if (res.status === 404 || res.status === 405) return;
    throw new ApiContractError(`${where}: no such route in /api/openapi.json`);
  }
  const responses = route.op.responses as Record<string, Json>;
  const documented = responses[String(res.status)] ?? responses.default;
  if (!documented)
    throw new ApiContractError(
      `${where}: status not documented for ${m.toUpperCase()} ${route.template} (documented: ${Object.keys(responses).join(", ")})`,
    );
  const response = resolveResponse(doc, documented);
  const content = response.content as Record<string, { schema?: Json }> | undefined;
  if (res.status === 204 || res.status === 304) return;
  if (!content) {
    if (res.status < 300 && contentType === "application/json" && (await res.clone().text()))
      throw new ApiContractError(`${where}: answered a JSON body, the document describes none`);
    return;
  }
  const media =
    content[contentType] ??
    Object.entries(content).find(([k]) => k.endsWith("/*") && contentType.startsWith(k.slice(0, -1)))?.[1];
  if (!media)
    throw new ApiContractError(
      `${where}: answered ${contentType || "no content type"}, documented ${Object.keys(content).join(", ")}`,
    );
  if (contentType !== "application/json" || !media.schema) return;
  const text = await res.clone().text();
  if (!text) throw new ApiContractError(`${where}: empty body, documented a JSON body`);
  const key = `${m} ${route.template} ${res.status}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(media.schema);
    cache.set(key, validate);
  }
  if (!validate(JSON.parse(text))) {
    const errors = (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `  ${e.instancePath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`)
      .join("\n");
    throw new ApiContractError(
      `${where}: the answer does not match /api/openapi.json (${m.toUpperCase()} ${route.template})\n${errors}\n  body: ${text.slice(0, 400)}`,
    );
  }
}

const isLoopback = (u: URL) => u.hostname === "127.0.0.1" || u.hostname === "localhost";

/** Wraps global fetch so that every answer from a test server's /api is checked (tests/setup/api-contract.ts). */
export function installApiContract() {
  const original = globalThis.fetch;
  if ((original as { apiContract?: true }).apiContract) return;
  const checked = async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await original(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    if (isLoopback(url) && url.pathname.startsWith("/api/") && method.toUpperCase() !== "HEAD")
      await checkApiAnswer(method, url, res);
    return res;
  };
  globalThis.fetch = Object.assign(checked, { apiContract: true as const }) as typeof fetch;
}
