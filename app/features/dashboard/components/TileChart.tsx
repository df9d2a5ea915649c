import { useRef } from "react";
import { useEChart } from "../../../components/charts/useEChart";

type ECharts = import("./echarts-dashboard").ECharts;

/** A tile's ECharts chart, drawn in the browser only (the server sends the same figures as a table). */
export function TileChart({
  option,
  label,
  testId,
}: {
  option: Record<string, unknown>;
  label: string;
  testId: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEChart<ECharts>(
    el,
    () => import("./echarts-dashboard"),
    (instance, dom) => {
      instance.setOption(option);
      dom.dataset.ready = "1";
    },
    [JSON.stringify(option)],
  );
  return <div ref={el} className="tile-chart" data-testid={testId} role="img" aria-label={label} />;
}
