import { useEffect, useRef } from "react";

type ECharts = import("./echarts-alerts").ECharts;

export interface ChartClick {
  name?: string;
  seriesIndex?: number;
  dataIndex?: number;
  data?: unknown;
}

/** One ECharts chart, loaded in the browser only; `option` is rebuilt by the caller when the data or language changes. */
export function OverviewChart({ option, label, testId, onClick }: { option: Record<string, unknown>; label: string; testId: string; onClick?: (e: ChartClick) => void }) {
  const el = useRef<HTMLDivElement>(null);
  const click = useRef(onClick);
  click.current = onClick;
  const key = JSON.stringify(option);

  useEffect(() => {
    let disposed = false;
    let instance: ECharts | null = null;
    const onResize = () => instance?.resize();
    import("./echarts-alerts").then((echarts) => {
      if (disposed || !el.current) return;
      instance = echarts.init(el.current, undefined, { renderer: "canvas" });
      instance.setOption(option);
      instance.on("click", (e) => click.current?.(e as ChartClick));
      el.current.dataset.ready = "1";
      window.addEventListener("resize", onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener("resize", onResize);
      instance?.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return <div ref={el} className="overview-chart" data-testid={testId} role="img" aria-label={label} />;
}
