import { useEffect, useRef, type RefObject } from "react";
import { withChunkTimeout } from "../../lib/chunk-timeout";
import { useChunkFailure } from "../../lib/use-chunk-watchdog";

/** What the hook needs of an ECharts instance (both of our trimmed ECharts bundles provide it). */
interface ChartInstance {
  resize(): void;
  dispose(): void;
}

/**
 * Mounts one ECharts chart in `el` in the browser only: loads the chart bundle lazily (a bundle that does not
 * arrive within the chunk time-out goes to the error boundary), calls `setup` on a
 * fresh instance, follows window resizes, and disposes of it when `deps` change or the component goes.
 * Returns a ref to the live instance for later updates.
 */
export function useEChart<E extends ChartInstance>(
  el: RefObject<HTMLDivElement | null>,
  load: () => Promise<{ init(dom: HTMLElement, theme?: string, opts?: { renderer?: "canvas" | "svg" }): E }>,
  setup: (instance: E, dom: HTMLDivElement) => void,
  deps: readonly unknown[],
): RefObject<E | null> {
  const chart = useRef<E | null>(null);
  const latestSetup = useRef(setup);
  latestSetup.current = setup;
  const chunkFailed = useChunkFailure();
  useEffect(() => {
    let disposed = false;
    let instance: E | null = null;
    const onResize = () => instance?.resize();
    withChunkTimeout(load()).then(
      (echarts) => {
        if (disposed || !el.current) return;
        instance = echarts.init(el.current, undefined, { renderer: "canvas" });
        chart.current = instance;
        latestSetup.current(instance, el.current);
        window.addEventListener("resize", onResize);
      },
      (err: unknown) => {
        if (disposed || !chunkFailed(err)) console.error(err);
      },
    );
    return () => {
      disposed = true;
      window.removeEventListener("resize", onResize);
      instance?.dispose();
      chart.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return chart;
}
