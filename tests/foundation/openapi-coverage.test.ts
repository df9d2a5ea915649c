import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { createHttpApp } from "../../server/http/app";
import { API_FRAGMENTS } from "../../server/http/openapi/api-description";
import { openApiDocument } from "../../server/http/openapi/openapi-document";
import { createTestContext, type TestContext } from "../support/context";
import { mountedRoutes } from "../support/mounted-routes";

const METHODS = ["get", "post", "put", "patch", "delete"];
/** The catch-all that answers NOT_FOUND for any other /api path is not an endpoint. */
const NOT_ENDPOINTS = new Set(["/api/{*rest}"]);

let ctx: TestContext;
let mounted: string[];
const doc = openApiDocument(API_FRAGMENTS, "test");
const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((m) => METHODS.includes(m))
    .map((m) => `${m.toUpperCase()} ${path}`),
);

beforeAll(() => {
  ctx = createTestContext();
  // The page handler is never reached: the test only reads the router stack.
  const app = createHttpApp(ctx, {
    build: () => Promise.reject(new Error("no build")) as Promise<ServerBuild>,
    clientDir: "/nonexistent",
  });
  mounted = mountedRoutes(app)
    .filter((r) => r.path.startsWith("/api/") && !NOT_ENDPOINTS.has(r.path))
    .map((r) => `${r.method.toUpperCase()} ${r.path}`);
});
afterAll(() => ctx?.close());

describe("/api/openapi.json describes exactly the mounted /api routes", () => {
  it("finds the routes (the walk itself works)", () => {
    expect(mounted.length).toBeGreaterThan(100);
    expect(mounted).toContain("GET /api/vehicles/{id}");
  });

  it("every mounted /api route is in the document", () => {
    const missing = [...new Set(mounted)].filter((r) => !documented.includes(r)).sort();
    expect(missing).toEqual([]);
  });

  it("the document names no route that is not mounted", () => {
    const extra = documented.filter((r) => !mounted.includes(r)).sort();
    expect(extra).toEqual([]);
  });
});
