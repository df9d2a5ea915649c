import type express from "express";

export interface MountedRoute {
  method: string;
  /** in OpenAPI form: `/api/vehicles/{id}` */
  path: string;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Express's `:id` becomes OpenAPI's `{id}`. */
export const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/**
 * The routes an Express app serves, read from its router stack (routers mounted without a prefix, as
 * server/http/app.ts mounts them): one entry per method and path.
 */
export function mountedRoutes(app: express.Express): MountedRoute[] {
  const out: MountedRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths)
          for (const [m, on] of Object.entries(layer.route.methods))
            if (on && m !== "_all") out.push({ method: m.toLowerCase(), path: toOpenApiPath(p) });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}
