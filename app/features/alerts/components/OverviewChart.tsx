import { useRef } from "react";
import { useEChart } from "../../../components/charts/useEChart";

type ECharts = import("./echarts-alerts").ECharts;

export interface ChartClick {
  name?: string;
  seriesIndex?: number;
  dataIndex?: number;
  data?: unknown;
}

/** One ECharts chart, loaded in the browser only; `option` is rebuilt by the caller when the data or language changes. */
export function OverviewChart({
  option,
  label,
  testId,
  onClick,
}: {
  option: Record<string, unknown>;
  label: string;
  testId: string;
  onClick?: (e: ChartClick) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const click = useRef(onClick);
  click.current = onClick;
  const key = JSON.stringify(option);

  useEChart<ECharts>(
    el,
    () => import("./echarts-alerts"),
    (instance, dom) => {
      instance.setOption(option);
      instance.on("click", (e) => click.current?.(e as ChartClick));
      dom.dataset.ready = "1";
    },
    [key],
  );

  return <div ref={el} className="overview-chart" data-testid={testId} role="img" aria-label={label} />;
}
