import { useCallback, useContext, useEffect, useState } from "react";
import { UNSAFE_DataRouterContext, createPath, matchRoutes, useNavigation } from "react-router";
import { ChunkLoadTimeoutError, chunkTimeoutMs, isChunkLoadTimeout } from "./chunk-timeout";

declare global {
  interface Window {
    __reactRouterRouteModules?: Record<string, unknown>;
  }
}

/**
 * React Router loads a route's code the first time the user goes there and waits for it without a limit. When a
 * navigation is still pending after the chunk time-out and a route module it needs has not arrived, this throws
 * ChunkLoadTimeoutError during render, so the root error boundary offers to reload the target page. (A slow loader
 * with all code present is not a chunk failure and keeps waiting.) Used once, in the root route.
 */
export function useRouteChunkWatchdog() {
  const navigation = useNavigation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const [failure, setFailure] = useState<ChunkLoadTimeoutError | null>(null);
  const target = navigation.location;
  useEffect(() => {
    if (!target || !router) return;
    const timer = window.setTimeout(() => {
      const loaded = window.__reactRouterRouteModules ?? {};
      const matches = matchRoutes(router.routes, target) ?? [];
      if (matches.length === 0 || matches.some((m) => !(m.route.id in loaded)))
        setFailure(new ChunkLoadTimeoutError(createPath(target)));
    }, chunkTimeoutMs());
    return () => window.clearTimeout(timer);
  }, [target, router]);
  if (failure) throw failure;
}

/**
 * For lazily loaded bundles (maplibre, ECharts): returns a reporter that sends a chunk time-out to the nearest
 * error boundary (by failing the next render) and tells the caller whether it did.
 */
export function useChunkFailure() {
  const [, fail] = useState<null>(null);
  return useCallback((err: unknown): boolean => {
    if (!isChunkLoadTimeout(err)) return false;
    fail(() => {
      throw err;
    });
    return true;
  }, []);
}
