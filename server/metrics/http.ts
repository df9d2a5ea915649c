import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { metrics, metricsContentType, renderMetrics } from "./index";

/** The page handler's catch-all route in server/http/app.ts: its requests are labelled by the web app's route. */
export const PAGE_ROUTE = "/{*rest}";

type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

/**
 * Times every request and counts it under its route pattern (`/api/vehicles/:id`, the page route
 * `/vehicles/:id`), never the raw URL, so the label set stays bounded whatever clients ask for.
 */
export function httpMetrics(build: BuildSource): RequestHandler {
  let routes: RouteObject[] | null = typeof build === "function" ? null : routeTree(build);
  if (!routes && typeof build === "function") {
    // dev server: the build changes under vite; resolve it once for labelling
    void build().then(
      (b) => (routes = routeTree(b)),
      () => {},
    );
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      metrics.httpRequest(req.method, routeLabel(req, routes), res.statusCode, seconds);
    });
    next();
  };
}

function routeLabel(req: Request, routes: RouteObject[] | null): string {
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === "string") {
    if (route.path !== PAGE_ROUTE) return req.baseUrl + route.path;
    return (routes && pagePattern(routes, req.path)) ?? "page:unmatched";
  }
  return req.path.startsWith("/assets/") ? "/assets/*" : "other";
}

export function routeTree(build: ServerBuild): RouteObject[] {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive } as RouteObject;
    const list = byParent.get(r.parentId) ?? [];
    list.push(node);
    byParent.set(r.parentId, list);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((n) => {
      const children = byParent.get(n.id);
      return children && !n.index ? ({ ...n, children: attach(children) } as RouteObject) : n;
    });
  return attach(byParent.get(undefined) ?? []);
}

export function pagePattern(routes: RouteObject[], pathname: string): string | null {
  const matches = matchRoutes(routes, pathname);
  if (!matches) return null;
  const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
  const joined = `/${parts.join("/")}`.replace(/\/+/g, "/");
  // a splat route's pattern is the pattern, not what it swallowed
  return joined.length > 1 && joined.endsWith("/") ? joined.slice(0, -1) : joined;
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (a === "::1") return true;
  return isIP(a) === 4 && a.startsWith("127.");
}

/**
 * Who may scrape: a client on this machine, or anyone presenting METRICS_TOKEN as a bearer token.
 * The client is `req.ip`, which honours TRUST_PROXY; a request relayed by a proxy that is not trusted
 * (it carries forwarding headers) is not taken as local, so a reverse proxy on the same host does not
 * open the metrics to the world.
 */
export function metricsAccess(
  req: { ip?: string; headers: Request["headers"] },
  token: string | undefined,
  trustProxy: boolean,
): "ok" | "unauthorized" | "disabled" {
  const relayed = Boolean(req.headers["x-forwarded-for"] || req.headers.forwarded);
  if (isLoopback(req.ip) && (trustProxy || !relayed)) return "ok";
  if (!token) return "disabled";
  const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim();
  if (!given) return "unauthorized";
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(token)) ? "ok" : "unauthorized";
}

/** GET /metrics in Prometheus text format, for the access rule above. */
export function metricsHandler(token: string | undefined, trustProxy: boolean): RequestHandler {
  return async (req, res) => {
    const access = metricsAccess(req, token, trustProxy);
    res.setHeader("Cache-Control", "no-store");
    if (access === "disabled") {
      res.status(403).type("text/plain").send("Metrics are served to loopback clients only; set METRICS_TOKEN.\n");
      return;
    }
    if (access === "unauthorized") {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).type("text/plain").send("Unauthorized\n");
      return;
    }
    res.type(metricsContentType()).send(await renderMetrics());
  };
}
